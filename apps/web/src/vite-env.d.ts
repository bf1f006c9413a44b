/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Origin (and optional path prefix) of the API; '' means same origin. */
  readonly VITE_API_BASE?: string;
  /** Community links in the top navigation; a link is shown only when configured. */
  readonly VITE_COMMUNITY_CHAT_URL?: string;
  readonly VITE_COMMUNITY_VOICE_URL?: string;
  readonly VITE_COMMUNITY_MESSENGER_URL?: string;
  readonly VITE_CONTACT_PHONE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
