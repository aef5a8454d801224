import { describe, expect, it } from 'vitest';
import { fullName, splitName } from './names.ts';

describe('splitName: compound family names, one word, both kinds of space (docs/decisions/0012-person-names.md)', () => {
  it('takes a compound family name whole, in both scripts', () => {
    expect(splitName('歐陽娜娜')).toEqual({ firstName: '娜娜', lastName: '歐陽' });
    expect(splitName('欧阳娜娜')).toEqual({ firstName: '娜娜', lastName: '欧阳' });
    expect(splitName('司馬懿')).toEqual({ firstName: '懿', lastName: '司馬' });
    expect(splitName('诸葛亮')).toEqual({ firstName: '亮', lastName: '诸葛' });
    expect(splitName('張簡志明')).toEqual({ firstName: '志明', lastName: '張簡' });
    expect(splitName('范姜新熙')).toEqual({ firstName: '新熙', lastName: '范姜' });
    for (const family of ['上官', '東方', '皇甫', '尉遲', '公孫', '慕容', '長孫', '夏侯', '令狐', '东方', '尉迟', '公孙', '长孙', '张简']) {
      expect(splitName(`${family}小明`)).toEqual({ firstName: '小明', lastName: family });
    }
  });

  it('keeps a single-character family name otherwise, and a two-character name whole when it is a compound alone', () => {
    expect(splitName('王小明')).toEqual({ firstName: '小明', lastName: '王' });
    expect(splitName('歐娜')).toEqual({ firstName: '娜', lastName: '歐' });
    // Two characters that spell a compound family name: 司馬 (alone) is 司 + 馬, a family name and a given name.
    expect(splitName('司馬')).toEqual({ firstName: '馬', lastName: '司' });
  });

  it('puts one word in the last name', () => {
    expect(splitName('王')).toEqual({ firstName: '', lastName: '王' });
    expect(splitName('Madonna')).toEqual({ firstName: '', lastName: 'Madonna' });
    expect(splitName('　王　')).toEqual({ firstName: '', lastName: '王' });
  });

  it('splits on half-width and full-width spaces, keeping a CJK writer’s own split', () => {
    expect(splitName('王　小明')).toEqual({ firstName: '小明', lastName: '王' });
    expect(splitName('張 簡單')).toEqual({ firstName: '簡單', lastName: '張' });
    expect(splitName('Ada　Lovelace')).toEqual({ firstName: 'Ada', lastName: 'Lovelace' });
    expect(splitName('Ada\u00a0Lovelace')).toEqual({ firstName: 'Ada', lastName: 'Lovelace' });
  });

  it('displays back as written (the one display rule)', () => {
    for (const name of ['歐陽娜娜', '司馬懿', '王小明', 'Ada Lovelace', '王']) expect(fullName(...(Object.values(splitName(name)) as [string, string]))).toBe(name);
  });
});
