/**
 * The avatar is an image URL or short text (docs/product.md#fields); otherwise the first letter of the name. A plain
 * circle rather than antd's Avatar, which measures its text after every mount to scale it (a forced layout per avatar:
 * the header and every row of a list) and whose index brings Avatar.Group with Popover; one or two characters fit at
 * this font size.
 */
export function UserAvatar({ avatar, name, size = 32 }: { avatar: string | null | undefined; name: string; size?: number }) {
  const value = avatar?.trim() ?? '';
  if (/^(https?:\/\/|data:image\/|\/)/.test(value)) {
    return <img className="user-avatar user-avatar--image" src={value} alt="" width={size} height={size} />;
  }
  const text = value || name.trim().slice(0, 1).toUpperCase() || '?';
  return (
    <span className="user-avatar" style={{ width: size, height: size, lineHeight: `${size}px`, fontSize: Math.round(size * 0.45) }} aria-hidden="true">
      {text.slice(0, 2)}
    </span>
  );
}
