/** The site's own illustrations (made for Bright Oak); to use the center's real photos instead, edit the paths, sizes and alt text in this file. */
export type SiteImage = { src: string; width: number; height: number; alt: string };

export const heroImage: SiteImage = {
  src: '/images/hero.svg',
  width: 1200,
  height: 800,
  alt: 'Illustration of a cozy learning center beside a big oak tree, where a teacher reads to two children on a picnic blanket while another child flies a kite',
};

export const philosophyImage: SiteImage = {
  src: '/images/philosophy.svg',
  width: 800,
  height: 600,
  alt: 'Illustration of a teacher kneeling at eye level with a young child, looking together at an oak leaf the child is holding',
};

export const logoImage: SiteImage = {
  src: '/images/logo.svg',
  width: 64,
  height: 64,
  alt: 'Bright Oak Learning Center logo: an acorn and oak leaf in a green circle',
};

export const photos: ReadonlyArray<SiteImage> = [
  {
    src: '/images/grid/reading-nook.svg',
    width: 600,
    height: 600,
    alt: 'Two children sharing a picture book on a beanbag in a cozy reading nook beside a bookshelf',
  },
  {
    src: '/images/grid/block-building.svg',
    width: 600,
    height: 600,
    alt: 'Two children building a tall tower of colorful wooden blocks, one reaching up to add the top piece',
  },
  {
    src: '/images/grid/garden.svg',
    width: 600,
    height: 600,
    alt: 'Children tending a raised garden bed, one watering the seedlings beside a tall sunflower',
  },
  {
    src: '/images/grid/painting-easel.svg',
    width: 600,
    height: 600,
    alt: 'A child painting a rainbow at an easel while a friend proudly shows off a handprint painting',
  },
  {
    src: '/images/grid/circle-time.svg',
    width: 600,
    height: 600,
    alt: 'A teacher holding up a picture book for children sitting on a round rug at circle time, one with a hand raised',
  },
  {
    src: '/images/grid/snack-time.svg',
    width: 600,
    height: 600,
    alt: 'Three children at a table with a checked cloth sharing a healthy snack of fruit and crackers',
  },
  {
    src: '/images/grid/science-magnifier.svg',
    width: 600,
    height: 600,
    alt: 'A child peering through a magnifying glass at acorns and a pinecone while a friend holds up an oak leaf',
  },
  {
    src: '/images/grid/music.svg',
    width: 600,
    height: 600,
    alt: 'Children making music together with a drum, a tambourine and a xylophone under a painted rainbow',
  },
  {
    src: '/images/grid/outdoor-play.svg',
    width: 600,
    height: 600,
    alt: 'Children playing outside, one on a swing under an oak tree and one sliding down a yellow slide',
  },
];
