import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { domainMessages } from '@market/shared';
import { useNameservers } from '../api/get-nameservers';

function NameserverRow({ name }: { name: string }) {
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard?.writeText(name).then(() => {
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    });
  };
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 1,
        px: 1.5,
        py: 0.5,
        bgcolor: 'grey.100',
        borderRadius: 1,
        fontFamily: 'monospace',
        fontSize: '0.95rem',
        overflowWrap: 'anywhere',
      }}
    >
      {name}
      <IconButton size="small" onClick={copy} aria-label={copied ? `Copied ${name}` : `Copy ${name}`}>
        {copied ? <CheckIcon fontSize="small" color="success" /> : <ContentCopyIcon fontSize="small" />}
      </IconButton>
    </Box>
  );
}

/**
 * The add-domains page tells owners to point their domains' name servers at
 * ours, and warns that landing pages can take up to 24 hours to appear.
 */
export function NameserverInstructions() {
  const { data, isError } = useNameservers();
  return (
    <Paper variant="outlined" component="section" aria-labelledby="ns-heading" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="ns-heading" variant="h6" component="h2" gutterBottom sx={{ fontWeight: 700 }}>
        Point your domains to us
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        At your registrar, set each domain&apos;s name servers to these two. Visitors then see its landing
        page with your price and offer buttons.
      </Typography>
      {isError ? (
        <Alert severity="error">The name servers could not be loaded. Please reload the page.</Alert>
      ) : (
        <Box component="ul" aria-label="Our name servers" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
          {data
            ? data.nameservers.map((name) => <NameserverRow key={name} name={name} />)
            : [0, 1].map((i) => (
                <li key={i}>
                  <Skeleton variant="rounded" height={40} />
                </li>
              ))}
        </Box>
      )}
      <Alert severity="warning" sx={{ mt: 2 }}>
        {domainMessages.propagationWarning}
      </Alert>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        New domains wait for approval by our team before they are public. You can check the name
        servers of each domain from your portfolio.
      </Typography>
    </Paper>
  );
}
