import { styled } from '@mui/material/styles';
import { MaterialDesignContent } from 'notistack';

/**
 * notistack's default greens, blues and oranges fail WCAG AA contrast with white text; these
 * darker backgrounds pass (axe checks every page, toasts included).
 */
export const ToastContent = styled(MaterialDesignContent)(({ theme }) => ({
  '&.notistack-MuiContent-success': { backgroundColor: theme.palette.success.dark },
  '&.notistack-MuiContent-error': { backgroundColor: theme.palette.error.dark },
  '&.notistack-MuiContent-info': { backgroundColor: theme.palette.info.dark },
  '&.notistack-MuiContent-warning': { backgroundColor: '#8a4b00' },
}));

export const toastComponents = {
  success: ToastContent,
  error: ToastContent,
  info: ToastContent,
  warning: ToastContent,
  default: ToastContent,
};
