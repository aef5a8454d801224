import fs from 'node:fs';
import { AppError } from '../../../platform/errors.ts';

/**
 * CSV files of an import: encoding detection (UTF-8 with or without BOM, UTF-16 with its BOM, Big5 from Taiwanese
 * Excel, GB18030 from mainland Excel) and a streaming RFC 4180 reader whose separator (comma, semicolon or tab) is
 * read from the header line, so a large file is read row by row and never held whole in memory.
 */
export type CsvEncoding = 'utf-8' | 'utf-8-bom' | 'utf-16le' | 'utf-16be' | 'big5' | 'gb18030';

/**
 * Frequent characters of Chinese names, addresses and CRM headers, in both scripts: a Big5 file read as GB18030
 * (or the reverse) decodes without error into rare characters, so the reading with more of these wins.
 */
const frequentChinese = new Set(
  '的一是不了人我在有他這这中大來来上國国個个到說说們们為为子和你地出道也時时年得就那要下以生會会自著着去之過过家學学對对可她裡里後后小麼么心多天而能好都然沒没日於于起還还發发成事只作當当想看文無无開开手十用主行方又如前所本見见經经頭头面公同三已老從从動动兩两長长司電电話话址姓名客戶户號号碼码市區区路街段巷弄樓楼台臺北南東东西省縣县鄉乡村王林陳陈張张李黃黄吳吴劉刘蔡楊杨許许鄭郑謝谢郭洪曾周廖賴赖徐葉叶蘇苏莊庄呂吕江何蕭萧羅罗高潘簡简朱鍾钟彭游詹胡施沈余趙赵盧卢梁顏颜柯孫孙魏翁戴范方宋鄧邓杜傅侯曹薛丁卓馬马董唐藍蓝石蔣蒋古紀纪姚連连馮冯歐欧程湯汤黎田康姜汪白鄒邹尤巫鐘钟黎涂龔龚嚴严韓韩袁金童陸陆夏柳邱邵錢钱伍倪溫温于譚谭駱骆熊任甘秦顧顾毛郝龍龙萬万段雷錢钱湯汤尹易常武喬乔賀贺聯联絡络人電电子郵邮件手機机備备註注標标籤签職职稱称公司地址生日性別别男女先生小姐經经理業业務务部門门銷销售總总監监財财會计計划劃划科技股份有限企業业服務务中心'
);

function chineseScore(sample: Buffer, encoding: 'big5' | 'gb18030'): number {
  try {
    const text = new TextDecoder(encoding, { fatal: true }).decode(sample, { stream: true });
    let score = 0;
    for (const ch of text) if (frequentChinese.has(ch)) score++;
    return score;
  } catch {
    return -1;
  }
}

/** Decides the encoding from the file's first bytes; 400 IMPORT_FILE_UNREADABLE when none decodes cleanly. */
export function detectEncoding(sample: Buffer): CsvEncoding {
  if (sample[0] === 0xef && sample[1] === 0xbb && sample[2] === 0xbf) return 'utf-8-bom';
  if (sample[0] === 0xff && sample[1] === 0xfe) return 'utf-16le';
  if (sample[0] === 0xfe && sample[1] === 0xff) return 'utf-16be';
  if (sample.includes(0)) throw new AppError('IMPORT_FILE_UNREADABLE');
  try {
    // stream: a multi-byte character cut at the end of the sample is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: true });
    return 'utf-8';
  } catch {
    // a legacy Chinese encoding, or not text
  }
  const big5 = chineseScore(sample, 'big5');
  const gb18030 = chineseScore(sample, 'gb18030');
  if (big5 < 0 && gb18030 < 0) throw new AppError('IMPORT_FILE_UNREADABLE');
  // Equal (a file of rare characters): Big5, the product's home market's Excel.
  return gb18030 > big5 ? 'gb18030' : 'big5';
}

/** WHATWG's big5 decoder is Big5-HKSCS (the Hong Kong extras included); the BOM of UTF-8 and UTF-16 is dropped. */
function decoderFor(encoding: CsvEncoding): TextDecoder {
  return new TextDecoder(encoding === 'utf-8-bom' ? 'utf-8' : encoding, { ignoreBOM: false });
}

const separators = [',', ';', '\t'] as const;
type Separator = (typeof separators)[number];

/** The separator of a file from its first line: the one of comma, semicolon and tab found most often outside quotes. */
export function detectSeparator(text: string): Separator {
  const counts = new Map<string, number>();
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  }
  let best: Separator = ',';
  for (const s of separators) if ((counts.get(s) ?? 0) > (counts.get(best) ?? 0)) best = s;
  return best;
}

/** A CSV state machine fed text piece by piece; completed rows come out of push(). Blank lines are skipped. */
export function csvParser(separator: string = ',') {
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let afterQuote = false;
  let pendingCr = false;
  const finishRow = (out: string[][]) => {
    row.push(field);
    field = '';
    if (!(row.length === 1 && row[0] === '')) out.push(row);
    row = [];
  };
  return {
    push(text: string): string[][] {
      const out: string[][] = [];
      for (let i = 0; i < text.length; i++) {
        const ch = text[i]!;
        if (pendingCr) {
          pendingCr = false;
          if (ch === '\n') continue;
        }
        if (quoted) {
          if (ch === '"') {
            quoted = false;
            afterQuote = true;
          } else field += ch;
          continue;
        }
        if (ch === '"') {
          // "" inside a quoted field is a quote; a quote opening a field starts quoting.
          if (afterQuote) field += '"';
          quoted = true;
          afterQuote = false;
          continue;
        }
        afterQuote = false;
        if (ch === separator) {
          row.push(field);
          field = '';
        } else if (ch === '\n' || ch === '\r') {
          pendingCr = ch === '\r';
          finishRow(out);
        } else field += ch;
      }
      return out;
    },
    end(): string[][] {
      const out: string[][] = [];
      if (field !== '' || row.length > 0) finishRow(out);
      return out;
    },
  };
}

/**
 * The file's rows in order (the header row first), read in 64 KB pieces into one reused buffer: a read stream's new
 * buffer per piece is memory outside the JS heap that only a full garbage collection frees, ~1 000 of them per
 * 60 MB file (bench/README.md, "Import and export").
 */
export async function* readCsvRows(path: string, encoding: CsvEncoding): AsyncGenerator<string[]> {
  const decoder = decoderFor(encoding);
  let parser: ReturnType<typeof csvParser> | undefined;
  const handle = await fs.promises.open(path, 'r');
  try {
    const piece = Buffer.allocUnsafe(64 * 1024);
    for (;;) {
      const { bytesRead } = await handle.read(piece, 0, piece.length, null);
      if (bytesRead === 0) break;
      // decode copies the bytes into a string, so the buffer can be read into again.
      const text = decoder.decode(piece.subarray(0, bytesRead), { stream: true });
      parser ??= csvParser(detectSeparator(text));
      yield* parser.push(text);
    }
  } finally {
    await handle.close();
  }
  parser ??= csvParser();
  yield* parser.push(decoder.decode());
  yield* parser.end();
}
