/** Build-time settings, read once so the rest of the app never touches import.meta.env. */
export const env = {
  apiBase: (import.meta.env.VITE_API_BASE ?? '').replace(/\/+$/, ''),
  community: {
    chat: import.meta.env.VITE_COMMUNITY_CHAT_URL || undefined,
    voice: import.meta.env.VITE_COMMUNITY_VOICE_URL || undefined,
    messenger: import.meta.env.VITE_COMMUNITY_MESSENGER_URL || undefined,
    phone: import.meta.env.VITE_CONTACT_PHONE || undefined,
  },
} as const;
