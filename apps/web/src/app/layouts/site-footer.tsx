import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { MARKETING_WIDTH } from '@/components/ui/page-container';

const footerLinks = [
  { label: 'How it works', to: '/how-it-works' },
  { label: 'Build your dream', to: '/build-your-dream' },
  { label: 'About us', to: '/about-us' },
  { label: 'Our mission', to: '/our-mission' },
  { label: 'Privacy policy', to: '/privacy-policy' },
  { label: 'Terms and conditions', to: '/terms-and-conditions' },
] as const;

export function SiteFooter() {
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', mt: 'auto' }}>
      <Box sx={{ maxWidth: MARKETING_WIDTH, mx: 'auto', px: { xs: 2, sm: 3 }, py: 3 }}>
        <Box component="nav" aria-label="Footer" sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, mb: 1 }}>
          {footerLinks.map((link) => (
            <Link key={link.to} href={link.to} color="text.secondary">
              {link.label}
            </Link>
          ))}
        </Box>
        <Typography variant="body2" color="text.secondary">
          © {new Date().getFullYear()} Domain Market
        </Typography>
      </Box>
    </Box>
  );
}
