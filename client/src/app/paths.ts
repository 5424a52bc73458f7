/** Every client route in one place (spec §2). */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  dashboard: '/dashboard',
  postAd: '/post-ad',
  ad: (id: string) => `/ad/${encodeURIComponent(id)}`,
  editAd: (id: string) => `/ad/${encodeURIComponent(id)}/edit`,
  category: (id: string) => `/category/${encodeURIComponent(id)}`,
  profile: '/profile',
  subscription: '/subscription',
  search: (query?: string) => (query ? `/search?q=${encodeURIComponent(query)}` : '/search'),
} as const;
