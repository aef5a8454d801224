import { Avatar } from 'antd';

/** A LINE friend's picture (LINE's CDN, or the local double's), else their initial. */
export function FriendAvatar({ name, pictureUrl, size = 40 }: { name: string; pictureUrl: string | null; size?: number }) {
  return (
    <Avatar size={size} src={pictureUrl ?? undefined} className="line-friend-avatar" alt="">
      {name.slice(0, 1)}
    </Avatar>
  );
}
