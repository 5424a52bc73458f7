import type { AdSummary } from '@bazaar/common/ads';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AdCard } from './ad-card';

const ad: AdSummary = {
  id: '3f1d4a52-7c1e-4b7a-9a55-0e0f2a3b4c5d',
  title: 'Yamaha P-125 digital piano',
  price: 12499.5,
  category: 'music-instruments',
  location: 'Richmond, VA',
  featured: true,
  views: 1530,
  likes: 12,
  created_at: '2026-03-04T10:00:00.000Z',
  image_url: '/media/ads/x/y-card.webp',
};

describe('AdCard', () => {
  it('shows the photo, Featured badge, title, price in dollars, location, views, likes and date, linking to the ad', () => {
    render(<AdCard ad={ad} />, { wrapper: MemoryRouter });
    const link = screen.getByRole('link');
    expect(link).toHaveAttribute('href', `/ad/${ad.id}`);
    expect(link).toHaveTextContent('Yamaha P-125 digital piano');
    expect(link).toHaveTextContent('$12,499.50');
    expect(link).toHaveTextContent('Richmond, VA');
    expect(link).toHaveTextContent('Views: 1.5K');
    expect(link).toHaveTextContent('Likes: 12');
    expect(link).toHaveTextContent('Mar 4, 2026');
    expect(screen.getByText('Featured')).toBeInTheDocument();
    const image = link.querySelector('img');
    expect(image).toHaveAttribute('src', '/media/ads/x/y-card.webp');
    expect(image).toHaveAttribute('loading', 'lazy');
  });

  it('shows a placeholder without a photo and no badge for an ordinary ad', () => {
    render(<AdCard ad={{ ...ad, featured: false, image_url: null }} variant="list" />, {
      wrapper: MemoryRouter,
    });
    expect(screen.getByRole('img', { name: 'No photo' })).toBeInTheDocument();
    expect(screen.queryByText('Featured')).not.toBeInTheDocument();
  });
});
