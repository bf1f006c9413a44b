import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useProviders } from '../api/get-providers';
import { startSocialLogin } from '../utils/oidc';

/**
 * One "Continue with {label}" button per configured OIDC provider; nothing at all when the
 * server has none (or the list cannot be loaded), so there is never a dead button.
 */
export function SocialLoginButtons({ from }: { from: string }) {
  const { data: providers } = useProviders();
  if (!providers || providers.length === 0) return null;
  return (
    <>
      <Stack spacing={1.5} sx={{ my: 2 }}>
        {providers.map((provider) => (
          <Button key={provider.name} variant="outlined" size="large" fullWidth onClick={() => startSocialLogin(provider, from)}>
            Continue with {provider.label}
          </Button>
        ))}
      </Stack>
      <Divider sx={{ my: 2 }}>or</Divider>
    </>
  );
}
