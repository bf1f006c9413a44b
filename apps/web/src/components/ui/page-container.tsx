import Container, { type ContainerProps } from '@mui/material/Container';
import { siteTheme } from '@market/shared';

/** Marketing pages are 1332 px wide; app pages use the same frame. */
export const MARKETING_WIDTH = siteTheme.contentWidth;

export function PageContainer({ sx, ...props }: ContainerProps) {
  return <Container maxWidth={false} sx={[{ maxWidth: MARKETING_WIDTH, py: { xs: 3, md: 5 } }, ...(Array.isArray(sx) ? sx : [sx])]} {...props} />;
}
