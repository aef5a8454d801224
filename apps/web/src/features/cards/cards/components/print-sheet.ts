/** Escapes text for the print sheet's HTML. */
function html(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A print-ready A4 sheet of eight QR cards (name, company, link), opened in a new window and printed. Plain
 * HTML written into the window: nothing of the app's styles or scripts is needed to print it.
 */
export function openPrintSheet(input: { qr: string; name: string; company: string; url: string; title: string }): void {
  const win = window.open('', '_blank', 'noopener=no');
  if (!win) return;
  const tile = `<div class="tile"><img src="${input.qr}" alt=""><div><strong>${html(input.name)}</strong><span>${html(input.company)}</span><em>${html(input.title)}</em><small>${html(input.url)}</small></div></div>`;
  win.document.write(`<!doctype html><html><head><meta charset="utf-8"><title>${html(input.name)}</title><style>
@page { size: A4; margin: 12mm; }
body { margin: 0; font-family: 'Noto Sans TC', 'PingFang TC', 'Microsoft JhengHei', sans-serif; color: #111; }
.sheet { display: grid; grid-template-columns: 1fr 1fr; gap: 6mm; }
.tile { display: flex; gap: 4mm; align-items: center; padding: 4mm; border: 0.3mm dashed #999; border-radius: 3mm; height: 62mm; break-inside: avoid; }
.tile img { width: 40mm; height: 40mm; }
.tile div { display: flex; flex-direction: column; gap: 1.5mm; min-width: 0; }
.tile strong { font-size: 14pt; } .tile span { font-size: 10pt; color: #444; }
.tile em { font-style: normal; font-size: 9pt; color: #333; } .tile small { font-size: 7pt; color: #666; overflow-wrap: anywhere; }
</style></head><body><div class="sheet">${tile.repeat(8)}</div><script>window.onload = () => { window.print(); };</script></body></html>`);
  win.document.close();
}
