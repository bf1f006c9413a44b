import Avatar from '@mui/material/Avatar';
import { mediaUrl } from '../utils/format';

/** The profile picture, or the name's initial on the brand's green. */
export function FreelancerAvatar({ name, url, size = 56 }: { name: string; url: string | null; size?: number }) {
  return (
    <Avatar src={mediaUrl(url)} alt="" sx={{ width: size, height: size, bgcolor: 'secondary.main', fontWeight: 700, fontSize: size / 2.4 }}>
      {name.slice(0, 1).toUpperCase()}
    </Avatar>
  );
}
