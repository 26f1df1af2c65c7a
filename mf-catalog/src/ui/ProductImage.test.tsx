/** @jest-environment jsdom */
import { fireEvent, render, screen } from '@testing-library/react';
import { ProductImage } from './ProductImage.tsx';

describe('a product picture', () => {
  it('is the image while it loads, a same-size tile named like it once it fails, and a new address is tried again', () => {
    const { container, rerender } = render(<ProductImage src="https://cdn.example.com/1.jpg" alt="Cedar Planter, picture 1 of 2" width={400} height={400} />);
    const image = screen.getByRole('img', { name: 'Cedar Planter, picture 1 of 2' });
    expect(image.tagName).toBe('IMG');
    fireEvent.error(image);
    const tile = screen.getByRole('img', { name: 'Cedar Planter, picture 1 of 2' });
    expect(tile.tagName).toBe('SPAN');
    expect(tile.style.aspectRatio).toBe('400 / 400');
    expect(container.querySelector('img')).toBeNull();
    rerender(<ProductImage src="https://cdn.example.com/2.jpg" alt="Cedar Planter, picture 2 of 2" width={400} height={400} />);
    expect(screen.getByRole('img', { name: 'Cedar Planter, picture 2 of 2' }).tagName).toBe('IMG');
  });

  it('stays out of the accessibility tree when it is decorative, and shows the tile for an empty address', () => {
    const { container } = render(<ProductImage src="" alt="" width={48} height={48} />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(container.querySelector('[data-image-missing]')?.getAttribute('aria-hidden')).toBe('true');
  });
});
