/** A tag's colour as a small dot (decorative: the tag's name is always next to it). */
export function TagDot({ color }: { color: string }) {
  return <span className="tag-dot" style={{ background: color }} aria-hidden="true" />;
}
