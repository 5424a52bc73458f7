import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { MemoryRouter, Link } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';

describe('Button', () => {
  it('is a button of type button by default, with its variant’s classes', () => {
    render(<Button variant="outline">Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveClass('border-input');
  });

  it('gives its look and props to its child with asChild, the child’s own props winning', async () => {
    const order: string[] = [];
    const buttonRef = createRef<HTMLButtonElement>();
    const linkRef = createRef<HTMLAnchorElement>();
    render(
      <MemoryRouter>
        <Button
          asChild
          ref={buttonRef}
          variant="ghost"
          className="ml-2"
          title="the button's"
          aria-label="Messages"
          style={{ color: 'red', margin: '1px' }}
          onClick={() => order.push('button')}
        >
          <Link
            ref={linkRef}
            to="/messages"
            className="relative"
            title="the link's"
            style={{ color: 'blue' }}
            onClick={(event) => {
              event.preventDefault();
              order.push('link');
            }}
          >
            Inbox
          </Link>
        </Button>
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'Messages' });
    expect(link).toHaveAttribute('href', '/messages');
    expect(link).not.toHaveAttribute('type');
    expect(link).toHaveAttribute('title', "the link's");
    expect(link.className).toMatch(/hover:bg-accent.* ml-2 relative$/);
    expect(link).toHaveStyle({ color: 'rgb(0, 0, 255)', margin: '1px' });
    expect(buttonRef.current).toBe(link);
    expect(linkRef.current).toBe(link);

    await userEvent.click(link);
    expect(order).toEqual(['link', 'button']);
  });

  it('calls the handler of whichever of the two has one', async () => {
    const onClick = vi.fn();
    render(
      <Button asChild onClick={onClick}>
        <a href="#top">Top</a>
      </Button>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Top' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
