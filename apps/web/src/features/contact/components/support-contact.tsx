import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { TypographyProps } from '@mui/material/Typography';
import { useSiteContact } from '../api/get-site-contact';

/** "Questions? Write to us at …": our support address, where a page involves money or a decision of ours. */
export function SupportContact({ lead = 'Questions?', sx }: { lead?: string; sx?: TypographyProps['sx'] }) {
  const email = useSiteContact().data?.support_email;
  if (!email) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={sx} data-testid="support-contact">
      {lead} Write to us at <Link href={`mailto:${email}`} underline="always">{email}</Link>.
    </Typography>
  );
}
