import Button, { type ButtonProps } from '@mui/material/Button';
import VideocamIcon from '@mui/icons-material/Videocam';

/** The upload page of one domain (/video_upload/{id}). */
export function videoUploadPath(domainId: number): string {
  return `/video_upload/${domainId}`;
}

/**
 * The way into the upload page, for a domain's landing page or a search result: "Send a video
 * pitch". Signed-out visitors land on /login first and come back (the route is guarded).
 */
export function SendVideoPitchButton({ domainId, ...props }: { domainId: number } & Omit<ButtonProps, 'href'>) {
  return (
    <Button variant="outlined" startIcon={<VideocamIcon />} href={videoUploadPath(domainId)} {...props}>
      Send a video pitch
    </Button>
  );
}
