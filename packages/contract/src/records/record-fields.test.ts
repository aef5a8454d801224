import { describe, expect, it } from 'vitest';
import { completeColumnSetting, contactListColumns, listColumnsOf } from './column-settings.rules.ts';
import { contactMergeFields } from './merges.ts';
import { contactSaveBodySchema, contactRowSchema, contactSchema } from './contacts.ts';
import { contactTextFields, recordFields, recordListColumns, type RecordFieldKind } from './record-fields.ts';

describe('the one field list', () => {
  it('names each field once per kind, with a title in every language', () => {
    for (const kind of Object.keys(recordFields) as RecordFieldKind[]) {
      const keys = recordFields[kind].map((f) => f.key);
      expect(new Set(keys).size, kind).toBe(keys.length);
      for (const f of recordFields[kind]) for (const title of Object.values(f.title)) expect(title.trim(), `${kind}.${f.key}`).not.toBe('');
    }
  });

  it("gives the lists their columns: the fields marked as columns, and every contact text field, hidden at first", () => {
    const contact = recordListColumns('contact');
    expect(contact.filter((c) => c.shown).map((c) => c.key)).toEqual(['company', 'phones', 'email', 'tags', 'owner', 'lastContactAt']);
    // The phone column keeps the key settings were saved under before the list ('phones').
    expect(contact.find((c) => c.key === 'phones')?.field.key).toBe('phone');
    for (const key of contactTextFields) expect(contact.find((c) => c.key === key)).toMatchObject({ shown: false, field: { type: 'text' } });
    expect(contactListColumns).toEqual(contact.map((c) => c.key));
    expect(listColumnsOf.company).toEqual(['taxId', 'phone', 'address', 'tags', 'owner']);
  });

  it('completes a setting: none saved → first visibility; saved → its order, then the rest hidden', () => {
    expect(completeColumnSetting('contact', null).columns.filter((c) => c.isShow)).toHaveLength(6);
    const saved = completeColumnSetting('contact', [{ key: 'owner', isShow: true }, { key: 'gone', isShow: true }]).columns;
    expect(saved[0]).toEqual({ key: 'owner', isShow: true });
    expect(saved.map((c) => c.key)).not.toContain('gone');
    expect(saved.slice(1).every((c) => !c.isShow)).toBe(true);
    expect(saved).toHaveLength(contactListColumns.length);
  });

  it('a contact text field is in the save, answer and row schemas and is merged, from its line alone', () => {
    for (const key of contactTextFields) {
      expect(contactSaveBodySchema.shape).toHaveProperty(key);
      expect(contactSchema.shape).toHaveProperty(key);
      expect(contactRowSchema.shape).toHaveProperty(key);
      expect(contactMergeFields).toContain(key);
    }
  });
});
