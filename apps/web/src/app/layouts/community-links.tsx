import type { ReactElement } from 'react';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import ForumIcon from '@mui/icons-material/Forum';
import HeadsetMicIcon from '@mui/icons-material/HeadsetMic';
import PhoneIcon from '@mui/icons-material/Phone';
import TelegramIcon from '@mui/icons-material/Telegram';
import { env } from '@/config/env';

export interface CommunityLink {
  label: string;
  href: string;
  icon: ReactElement;
  external: boolean;
}

/**
 * Chat, voice and messenger communities plus a phone line (docs/product.md section 3). Their addresses are
 * deployment settings (VITE_COMMUNITY_*_URL, VITE_CONTACT_PHONE); an unset one is not shown,
 * rather than pointing somewhere made up. The top bar shows them as icons, the phone menu as a list.
 */
export function communityLinks(): CommunityLink[] {
  const { chat, voice, messenger, phone } = env.community;
  const links: Array<CommunityLink | null> = [
    chat ? { label: 'Chat community', href: chat, icon: <ForumIcon />, external: true } : null,
    voice ? { label: 'Voice community', href: voice, icon: <HeadsetMicIcon />, external: true } : null,
    messenger ? { label: 'Messenger community', href: messenger, icon: <TelegramIcon />, external: true } : null,
    phone
      ? { label: `Call us at ${phone}`, href: `tel:${phone.replace(/[^\d+]/g, '')}`, icon: <PhoneIcon />, external: false }
      : null,
  ];
  return links.filter((l): l is CommunityLink => l !== null);
}

/** Props that open an external community in a new tab (the phone line stays in this one). */
export function communityTarget(link: CommunityLink) {
  return link.external ? ({ target: '_blank', rel: 'noopener noreferrer' } as const) : {};
}

export function CommunityLinks() {
  const links = communityLinks();
  if (links.length === 0) return null;
  return (
    <Stack direction="row" spacing={0.5} component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label="Community">
      {links.map((link) => (
        <li key={link.label}>
          {/* No MUI Tooltip: it drags Popper into the first chunk; title gives the hover hint. */}
          <IconButton
            href={link.href}
            aria-label={link.label}
            title={link.label}
            color="inherit"
            size="small"
            {...communityTarget(link)}
          >
            {link.icon}
          </IconButton>
        </li>
      ))}
    </Stack>
  );
}
