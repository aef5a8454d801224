import { describe, expect, it } from 'vitest';
import { sanitizeEmailHtml } from './mailboxes.html.ts';
import { parseEmail } from './mailboxes.parse.ts';

const raw = (headers: string[], body: string) => Buffer.from(`${headers.join('\r\n')}\r\nMIME-Version: 1.0\r\n\r\n${body.replace(/\r?\n/g, '\r\n')}\r\n`, 'latin1');

describe('parsing (mailparser)', () => {
  it.each([
    ['Big5', '=?Big5?B?s/i7+bPmvVS7ew==?=', '報價單確認'],
    ['GB2312', '=?GB2312?B?sai827WlyLfIzw==?=', '报价单确认'],
    ['ISO-2022-JP', '=?ISO-2022-JP?B?GyRCOCtAUT1xJE4kNDNORycbKEI=?=', '見積書のご確認'],
    ['UTF-8 quoted-printable', '=?UTF-8?Q?=E5=A0=B1=E5=83=B9?=', '報價'],
  ])('decodes a %s subject (RFC 2047)', async (_charset, encoded, expected) => {
    const email = await parseEmail(raw([`Subject: ${encoded}`, 'From: a@b.tw', 'To: c@d.tw', 'Message-ID: <x@b.tw>'], 'hi'), new Date(), 'fallback');
    expect(email.subject).toBe(expected);
  });

  it("names a CJK attachment from RFC 2231's parameter continuation, keeps ids bare and threads by References", async () => {
    const email = await parseEmail(
      raw(
        [`From: =?UTF-8?B?${Buffer.from('王小明').toString('base64')}?= <Ming@Example.TW>`, 'To: sales@lodestar.test, "Chen" <chen@example.tw>', 'Subject: quote', 'Message-ID: <m2@example.tw>', 'In-Reply-To: <m1@lodestar.test>', 'References: <m0@lodestar.test> <m1@lodestar.test>', 'Content-Type: multipart/mixed; boundary="b"'],
        `--b
Content-Type: text/plain; charset=utf-8

Here is the quote.
--b
Content-Type: application/pdf
Content-Disposition: attachment; filename*=UTF-8''%E5%A0%B1%E5%83%B9%E5%96%AE.pdf
Content-Transfer-Encoding: base64

JVBERi0xLjQK
--b--`,
      ),
      new Date(),
      'fallback',
    );
    expect(email.attachments).toEqual([{ filename: '報價單.pdf', contentType: 'application/pdf', size: 9 }]);
    expect(email.from).toEqual({ address: 'ming@example.tw', name: '王小明' });
    expect(email.to.map((a) => a.address)).toEqual(['sales@lodestar.test', 'chen@example.tw']);
    expect(email).toMatchObject({ messageId: 'm2@example.tw', inReplyTo: 'm1@lodestar.test', references: ['m0@lodestar.test', 'm1@lodestar.test'], text: 'Here is the quote.', snippet: 'Here is the quote.' });
  });
});

/** OWASP's XSS filter-evasion cheat sheet, the cases that reach an HTML e-mail body. */
const owaspCases = [
  '<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  '<IMG SRC=JaVaScRiPt:alert(\'XSS\')>',
  '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>',
  '<a onmouseover="alert(document.cookie)">xxs link</a>',
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>">',
  '<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>',
  '<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">',
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
  '<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>',
  '<IMG SRC="jav&#x09;ascript:alert(\'XSS\');">',
  '<IMG SRC=" &#14;  javascript:alert(\'XSS\');">',
  '<SCRIPT/XSS SRC="http://xss.example/xss.js"></SCRIPT>',
  '<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert("XSS")>',
  '<<SCRIPT>alert("XSS");//\\<</SCRIPT>',
  '<IFRAME SRC="javascript:alert(\'XSS\');"></IFRAME>',
  '<svg/onload=alert(\'XSS\')>',
  '<INPUT TYPE="IMAGE" SRC="javascript:alert(\'XSS\');">',
  '<BODY BACKGROUND="javascript:alert(\'XSS\')">',
  '<LINK REL="stylesheet" HREF="javascript:alert(\'XSS\');">',
  '<STYLE>@import\'http://xss.example/xss.css\';</STYLE>',
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert(\'XSS\');">',
  '<TABLE BACKGROUND="javascript:alert(\'XSS\')">',
  '<DIV STYLE="background-image: url(javascript:alert(\'XSS\'))">',
  '<OBJECT TYPE="text/x-scriptlet" DATA="http://xss.example/scriptlet.html"></OBJECT>',
  '<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dH A6Ly93d3cudzMub3JnLzIwMDAvc3ZnIiB4bWxucz0iaHR0cDovL3d3dy53My5vcmcv MjAwMC9zdmciIHhtbG5zOnhsaW5rPSJodHRwOi8vd3d3LnczLm9yZy8xOTk5L3hs aW5rIiB2ZXJzaW9uPSIxLjAiIHg9IjAiIHk9IjAiIHdpZHRoPSIxOTQiIGhlaWdodD0iMjAw IiBpZD0ieHNzIj48c2NyaXB0IHR5cGU9InRleHQvZWNtYXNjcmlwdCI+YWxlcnQoIlh TUyIpOzwvc2NyaXB0Pjwvc3ZnPg==" AllowScriptAccess="always"></EMBED>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<FORM ACTION="https://xss.example/"><BUTTON FORMACTION="javascript:alert(1)">x</BUTTON></FORM>',
  '<BASE HREF="javascript:alert(\'XSS\');//">',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
];

describe('the HTML sanitizer (DOMPurify on jsdom)', () => {
  it.each(owaspCases)('leaves nothing that runs: %s', (input) => {
    const clean = sanitizeEmailHtml(input);
    expect(clean).not.toMatch(/<script|<iframe|<object|<embed|<form|<input|<button|<base|<meta|<link|<style|<svg|<math/i);
    expect(clean).not.toMatch(/\son[a-z]+\s*=/i);
    expect(clean).not.toMatch(/javascript:|data:text\/html|vbscript:/i);
    expect(clean).not.toMatch(/background=|formaction=/i);
  });

  it('keeps the message: markup, inline style, links (opening outside), images', () => {
    const clean = sanitizeEmailHtml('<p style="color:red">Hello <b>王</b> <a href="https://example.tw/q">quote</a><img src="https://cdn.example.tw/logo.png" alt="logo"></p>');
    expect(clean).toBe('<p style="color:red">Hello <b>王</b> <a href="https://example.tw/q" target="_blank" rel="noopener noreferrer nofollow">quote</a><img src="https://cdn.example.tw/logo.png" alt="logo"></p>');
  });
});
