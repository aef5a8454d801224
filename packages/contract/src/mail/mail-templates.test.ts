import { describe, expect, it } from 'vitest';
import { fillTemplate, knownFieldsOnly, mailTemplateBodySchema } from './mail-templates.ts';

describe('mail templates', () => {
  it('fills known fields, leaves a missing value empty and an unknown field as written', () => {
    expect(fillTemplate('{fullName} 您好，{company} 的報價如附。—{myName}', { fullName: '王小明', company: '宏達貿易', myName: 'Sam' })).toBe('王小明 您好，宏達貿易 的報價如附。—Sam');
    expect(fillTemplate('Hi {firstName}{company}', { firstName: 'Ming' })).toBe('Hi Ming');
    expect(fillTemplate('{unknown}', {})).toBe('{unknown}');
  });

  it('refuses a template naming a field Lodestar cannot fill', () => {
    expect(knownFieldsOnly('Dear {firstName}')).toBe(true);
    expect(knownFieldsOnly('Dear {nickname}')).toBe(false);
    const parsed = mailTemplateBodySchema.safeParse({ name: 'x', locale: 'en-US', subject: 'Hi {nickname}', body: 'b' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: ['subject'], message: 'invalidValue' });
  });
});
