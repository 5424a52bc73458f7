import type { AdImage } from '@bazaar/common/ads';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ImageCarousel } from './image-carousel';

const images: AdImage[] = [1, 2, 3].map((n) => ({
  id: `a0000000-0000-4000-8000-00000000000${n}`,
  url: `/media/${n}-full.webp`,
  card_url: `/media/${n}-card.webp`,
  width: 800,
  height: 600,
}));

const TITLE = 'Fender Player Stratocaster';

function renderCarousel() {
  render(<ImageCarousel images={images} title={TITLE} />);
  return userEvent.setup();
}

const viewerPhoto = () => screen.getByRole('dialog').querySelector('img')!;

describe('the photo viewer', () => {
  it('opens full screen from the main photo and moves with the arrow keys, then Escape closes it', async () => {
    const user = renderCarousel();
    const opener = screen.getByRole('button', { name: `View ${TITLE}, photo 1 of 3 full screen` });
    await user.click(opener);
    // The viewer's code is fetched on the first press.
    const dialog = await screen.findByRole('dialog', { name: TITLE });
    expect(dialog).toHaveTextContent('Photo 1 of 3');
    expect(viewerPhoto()).toHaveAttribute('src', '/media/1-full.webp');

    await user.keyboard('{ArrowRight}');
    expect(viewerPhoto()).toHaveAttribute('alt', `${TITLE}, photo 2 of 3`);
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(viewerPhoto()).toHaveAttribute('src', '/media/3-full.webp');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The carousel shows the photo the viewer ended on, and focus is back on it.
    expect(screen.getByRole('button', { name: `View ${TITLE}, photo 3 of 3 full screen` })).toHaveFocus();
  });

  it('has previous and next buttons, a zoom button, double-click zoom and Close', async () => {
    const user = renderCarousel();
    await user.click(screen.getByRole('button', { name: /full screen/ }));
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('Photo 2 of 3');
    await user.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('Photo 1 of 3');

    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(viewerPhoto().style.transform).toContain('scale(2.5)');
    await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(viewerPhoto().style.transform).toContain('scale(1)');
    fireEvent.doubleClick(viewerPhoto());
    expect(screen.getByRole('button', { name: 'Zoom out' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('goes to the next photo on a swipe to the left', async () => {
    const user = renderCarousel();
    await user.click(screen.getByRole('button', { name: /full screen/ }));
    await screen.findByRole('dialog');
    const stage = viewerPhoto().parentElement!;
    fireEvent.pointerDown(stage, { pointerId: 1, clientX: 300, clientY: 200, pointerType: 'touch' });
    fireEvent.pointerMove(stage, { pointerId: 1, clientX: 150, clientY: 205, pointerType: 'touch' });
    fireEvent.pointerUp(stage, { pointerId: 1, clientX: 150, clientY: 205, pointerType: 'touch' });
    expect(screen.getByRole('dialog')).toHaveTextContent('Photo 2 of 3');
  });
});
