import type { LineRichMenuBounds } from '@lodestar/contract';

/** The menu's image with its tap areas drawn over it, numbered as in the form (positions in % of the image). */
export function RichMenuPreview({ src, width, height, areas, alt }: { src: string; width: number; height: number; areas: { bounds: LineRichMenuBounds; label: string }[]; alt: string }) {
  const pct = (value: number, of: number) => `${(value / of) * 100}%`;
  return (
    <figure className="line-rich-menu__preview" data-testid="rich-menu-preview">
      <img src={src} alt={alt} width={width} height={height} />
      {areas.map((area, index) => (
        <span
          key={index}
          className="line-rich-menu__area"
          style={{ left: pct(area.bounds.x, width), top: pct(area.bounds.y, height), width: pct(area.bounds.width, width), height: pct(area.bounds.height, height) }}
        >
          <span className="line-rich-menu__area-label">
            {index + 1}. {area.label}
          </span>
        </span>
      ))}
    </figure>
  );
}
