import { describe, expect, it } from 'vitest';
import { localeFromBrowser, translator } from './book-i18n.ts';

describe('the booking page language', () => {
  it('follows the browser: Traditional, Simplified, English, else zh-TW', () => {
    expect(localeFromBrowser(['zh-TW'])).toBe('zh-TW');
    expect(localeFromBrowser(['zh-Hant-HK'])).toBe('zh-TW');
    expect(localeFromBrowser(['zh-CN', 'en'])).toBe('zh-CN');
    expect(localeFromBrowser(['zh-Hans'])).toBe('zh-CN');
    expect(localeFromBrowser(['en-GB'])).toBe('en-US');
    expect(localeFromBrowser(['fr-FR', 'en-US'])).toBe('en-US');
    expect(localeFromBrowser(['ja-JP'])).toBe('zh-TW');
  });

  it('fills {{placeholders}} like i18next', () => {
    expect(translator('en-US')('price.from', { amount: '$800.00' })).toBe('$800.00 up');
    expect(translator('zh-TW')('summary.people', { count: 2 })).toBe('2 位');
    expect(translator('zh-CN')('calendar.full')).toBe('很抱歉，预约已满');
  });
});
