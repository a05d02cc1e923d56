/** The site's own illustrations (made for Bright Oak); to use the center's real photos instead, edit the paths, sizes and alt text in this file. */
/** `alt` in English, `altEs` in Spanish (issue 14): read them with `imageAlt`. */
export type SiteImage = { src: string; width: number; height: number; alt: string; altEs: string };

/** The image's alt text in `language` ('en' or 'es'). */
export function imageAlt(image: SiteImage, language: string): string {
  return language === 'es' ? image.altEs : image.alt;
}

export const heroImage: SiteImage = {
  src: '/images/hero.svg',
  width: 1200,
  height: 800,
  alt: 'Illustration of a cozy learning center beside a big oak tree, where a teacher reads to two children on a picnic blanket while another child flies a kite',
  altEs:
    'Ilustración de un centro acogedor junto a un gran roble, donde una maestra les lee a dos niños sobre una manta de pícnic mientras otro niño vuela un papalote',
};

export const philosophyImage: SiteImage = {
  src: '/images/philosophy.svg',
  width: 800,
  height: 600,
  alt: 'Illustration of a teacher kneeling at eye level with a young child, looking together at an oak leaf the child is holding',
  altEs:
    'Ilustración de una maestra arrodillada a la altura de un niño pequeño; los dos miran juntos la hoja de roble que el niño tiene en la mano',
};

export const logoImage: SiteImage = {
  src: '/images/logo.svg',
  width: 64,
  height: 64,
  alt: 'Bright Oak Learning Center logo: an acorn and oak leaf in a green circle',
  altEs: 'Logotipo de Bright Oak Learning Center: una bellota y una hoja de roble en un círculo verde',
};

export const photos: ReadonlyArray<SiteImage> = [
  {
    src: '/images/grid/reading-nook.svg',
    width: 600,
    height: 600,
    alt: 'Two children sharing a picture book on a beanbag in a cozy reading nook beside a bookshelf',
    altEs: 'Dos niños comparten un libro ilustrado sobre un puf, en un rincón de lectura junto a un librero',
  },
  {
    src: '/images/grid/block-building.svg',
    width: 600,
    height: 600,
    alt: 'Two children building a tall tower of colorful wooden blocks, one reaching up to add the top piece',
    altEs:
      'Dos niños construyen una torre alta de bloques de madera de colores; uno se estira para poner la última pieza',
  },
  {
    src: '/images/grid/garden.svg',
    width: 600,
    height: 600,
    alt: 'Children tending a raised garden bed, one watering the seedlings beside a tall sunflower',
    altEs: 'Niños cuidando un huerto elevado; uno riega las plantitas junto a un girasol alto',
  },
  {
    src: '/images/grid/painting-easel.svg',
    width: 600,
    height: 600,
    alt: 'A child painting a rainbow at an easel while a friend proudly shows off a handprint painting',
    altEs:
      'Una niña pinta un arcoíris en un caballete mientras su amigo muestra orgulloso una pintura hecha con sus manos',
  },
  {
    src: '/images/grid/circle-time.svg',
    width: 600,
    height: 600,
    alt: 'A teacher holding up a picture book for children sitting on a round rug at circle time, one with a hand raised',
    altEs:
      'Una maestra muestra un libro ilustrado a los niños sentados en un tapete redondo durante la hora del círculo; uno levanta la mano',
  },
  {
    src: '/images/grid/snack-time.svg',
    width: 600,
    height: 600,
    alt: 'Three children at a table with a checked cloth sharing a healthy snack of fruit and crackers',
    altEs: 'Tres niños en una mesa con mantel de cuadros comparten un refrigerio sano de fruta y galletas',
  },
  {
    src: '/images/grid/science-magnifier.svg',
    width: 600,
    height: 600,
    alt: 'A child peering through a magnifying glass at acorns and a pinecone while a friend holds up an oak leaf',
    altEs:
      'Un niño observa con una lupa unas bellotas y una piña mientras su amiga sostiene una hoja de roble',
  },
  {
    src: '/images/grid/music.svg',
    width: 600,
    height: 600,
    alt: 'Children making music together with a drum, a tambourine and a xylophone under a painted rainbow',
    altEs: 'Niños haciendo música juntos con un tambor, una pandereta y un xilófono bajo un arcoíris pintado',
  },
  {
    src: '/images/grid/outdoor-play.svg',
    width: 600,
    height: 600,
    alt: 'Children playing outside, one on a swing under an oak tree and one sliding down a yellow slide',
    altEs:
      'Niños jugando afuera: uno en un columpio bajo un roble y otro bajando por una resbaladilla amarilla',
  },
];
