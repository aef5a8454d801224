import { el } from '../card/dom.ts';

/** A signature drawn with a finger or a mouse on a canvas (pointer events); `value()` is a PNG data URL or null when blank. */
export function signaturePad(labels: { label: string; clear: string }): { element: HTMLElement; value: () => string | null } {
  const canvas = el('canvas', { class: 'quote-signature__canvas', 'aria-label': labels.label, role: 'img', 'data-testid': 'quote-signature' });
  const clear = el('button', { type: 'button', class: 'quote-button quote-button--quiet' }, [labels.clear]);
  let drawn = false;
  let last: { x: number; y: number } | null = null;
  const context = () => canvas.getContext('2d');
  // The canvas is sized to its box once shown, at the device's pixel ratio, so lines stay sharp on phones.
  const fit = () => {
    const box = canvas.getBoundingClientRect();
    if (!box.width || canvas.width === Math.round(box.width * devicePixelRatio)) return;
    canvas.width = Math.round(box.width * devicePixelRatio);
    canvas.height = Math.round(box.height * devicePixelRatio);
    const c = context();
    if (c) {
      c.scale(devicePixelRatio, devicePixelRatio);
      c.lineWidth = 2.5;
      c.lineCap = 'round';
      c.strokeStyle = '#111827';
    }
  };
  const point = (event: PointerEvent) => {
    const box = canvas.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };
  canvas.addEventListener('pointerdown', (event) => {
    fit();
    canvas.setPointerCapture(event.pointerId);
    last = point(event);
  });
  canvas.addEventListener('pointermove', (event) => {
    const c = context();
    if (!last || !c) return;
    const next = point(event);
    c.beginPath();
    c.moveTo(last.x, last.y);
    c.lineTo(next.x, next.y);
    c.stroke();
    last = next;
    drawn = true;
  });
  const stop = () => (last = null);
  canvas.addEventListener('pointerup', stop);
  canvas.addEventListener('pointercancel', stop);
  clear.addEventListener('click', () => {
    context()?.clearRect(0, 0, canvas.width, canvas.height);
    drawn = false;
  });
  const element = el('div', { class: 'quote-signature' }, [el('span', {}, [labels.label]), canvas, clear]);
  return { element, value: () => (drawn ? canvas.toDataURL('image/png') : null) };
}
