// antd's Avatar itself: its index attaches Avatar.Group, which brings Popover (and its Tooltip and trigger code) into
// the header of every signed-in page's first load (scripts/check-initial-bundle.ts).
import Avatar from 'antd/es/avatar/Avatar';

/** The avatar is an image URL or short text (docs/product.md#fields); otherwise the first letter of the name. */
export function UserAvatar({ avatar, name, size = 32 }: { avatar: string | null | undefined; name: string; size?: number }) {
  const value = avatar?.trim() ?? '';
  if (/^(https?:\/\/|data:image\/|\/)/.test(value)) {
    return <Avatar size={size} src={value} alt="" />;
  }
  const text = value || name.trim().slice(0, 1).toUpperCase() || '?';
  return (
    <Avatar size={size} className="user-avatar" aria-hidden="true">
      {text.slice(0, 2)}
    </Avatar>
  );
}
