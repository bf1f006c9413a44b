import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { oidcStartPath } from '@market/shared';
import { useProviders } from '../api/get-providers';

/**
 * One "Continue with {label}" button per configured OIDC provider; nothing at all when the
 * server has none (or the list cannot be loaded), so there is never a dead button. Each is a
 * plain link to the server's start of the sign-in: the server runs the whole OIDC exchange.
 */
export function SocialLoginButtons({ from }: { from: string }) {
  const { data: providers } = useProviders();
  if (!providers || providers.length === 0) return null;
  return (
    <>
      <Stack spacing={1.5} sx={{ my: 2 }}>
        {providers.map((provider) => (
          <Button key={provider.name} variant="outlined" size="large" fullWidth href={oidcStartPath(provider.name, from)}>
            Continue with {provider.label}
          </Button>
        ))}
      </Stack>
      <Divider sx={{ my: 2 }}>or</Divider>
    </>
  );
}
