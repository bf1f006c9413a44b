import Container, { type ContainerProps } from '@mui/material/Container';

/** Spec section 2: marketing pages are 1332 px wide; app pages use the same frame. */
export const MARKETING_WIDTH = 1332;

export function PageContainer({ sx, ...props }: ContainerProps) {
  return <Container maxWidth={false} sx={[{ maxWidth: MARKETING_WIDTH, py: { xs: 3, md: 5 } }, ...(Array.isArray(sx) ? sx : [sx])]} {...props} />;
}
