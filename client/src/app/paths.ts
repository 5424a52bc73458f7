/** Every client route in one place (spec §2). */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  /** Where the e-mailed reset link leads (the server's RESET_PASSWORD_PATH). */
  resetPassword: '/reset-password',
  /** Where the e-mailed confirmation link leads (the server's EMAIL_VERIFIED_PATH). */
  emailVerified: '/email-verified',
  dashboard: '/dashboard',
  postAd: '/post-ad',
  ad: (id: string) => `/ad/${encodeURIComponent(id)}`,
  editAd: (id: string) => `/ad/${encodeURIComponent(id)}/edit`,
  category: (id: string) => `/category/${encodeURIComponent(id)}`,
  profile: '/profile',
  subscription: '/subscription',
  messages: '/messages',
  conversation: (id: string) => `/messages/${encodeURIComponent(id)}`,
  help: '/help',
  safety: '/safety',
  terms: '/terms',
  privacy: '/privacy',
  search: (query?: string) => (query ? `/search?q=${encodeURIComponent(query)}` : '/search'),
} as const;
