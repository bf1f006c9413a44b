import Box from '@mui/material/Box';
import { enqueueSnackbar, type VariantType } from 'notistack';

/** Toasts always have a title ('Login Failed') and usually a body line. */
function ToastMessage({ title, body }: { title: string; body?: string }) {
  return (
    <Box>
      <Box component="strong" sx={{ display: 'block' }}>
        {title}
      </Box>
      {body ? <Box component="span">{body}</Box> : null}
    </Box>
  );
}

function show(variant: VariantType, title: string, body?: string): void {
  enqueueSnackbar(<ToastMessage title={title} body={body} />, { variant });
}

/** Imperative helper usable from mutation callbacks; needs <SnackbarProvider> mounted. */
export const toast = {
  success: (title: string, body?: string) => show('success', title, body),
  error: (title: string, body?: string) => show('error', title, body),
  info: (title: string, body?: string) => show('info', title, body),
  warning: (title: string, body?: string) => show('warning', title, body),
};
