/** The part of jsdom the e-mail sanitizer uses: a window for DOMPurify (jsdom ships no types of its own). */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}
