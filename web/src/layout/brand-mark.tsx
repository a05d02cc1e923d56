import { logoImage } from '../content/photos';

/**
 * The center's logo (an acorn and oak leaf, the same drawing as the favicon). Decorative here: the
 * center's name always sits next to it, so it has empty alt text.
 */
export function BrandMark({ size = 36 }: { size?: number }) {
  return (
    <img
      src={logoImage.src}
      width={size}
      height={size}
      alt=""
      decoding="async"
      style={{ display: 'block', flexShrink: 0 }}
    />
  );
}
