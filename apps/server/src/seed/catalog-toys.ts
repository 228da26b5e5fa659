/** Demo toys: action figures, dolls and cars, each with a single stock. */
import { toy, type CatalogEntry } from './catalog-entry';

export const TOYS: CatalogEntry[] = [
  toy(
    'action-figure',
    'Ronin of the Crimson Moon 1/7 Scale Figure',
    14999,
    'Hand-painted 1/7 scale statue of the wandering ronin mid-draw, on a moonlit bridge base. Numbered certificate.',
  ),
  toy(
    'action-figure',
    'Mecha Heart Unit-02 Poseable Robot',
    6999,
    'Die-cast frame with 40 points of articulation, swappable hands, beam sabre and a display stand.',
  ),
  toy(
    'action-figure',
    'Blade Circuit Zero Action Figure',
    3499,
    'Six-inch arena fighter with two bio-linked blades and light-up energy effect parts.',
  ),
  toy(
    'action-figure',
    'Shonen Striker Ace Mini Figure',
    1999,
    'Palm-sized figure of the number 11 striker caught mid-kick, ball included.',
  ),
  toy(
    'action-figure',
    'Dungeon Chef Chibi Figure',
    4499,
    'Chibi-style figure of the dungeon chef with three face plates, a frying pan and a very suspicious slime stew.',
    { soldOut: true },
  ),
  toy(
    'action-figure',
    'Kaiju King Vinyl Figure',
    2999,
    'Soft vinyl kaiju in retro colours, standing 20 cm tall with a roaring open jaw.',
  ),
  toy(
    'action-figure',
    'Neon Samurai Deluxe Articulated Figure',
    8999,
    'Deluxe figure with a cybernetic arm, rain-coat cloth cape, two katanas and a neon sign backdrop.',
  ),
  toy(
    'doll',
    'Starfall Academy Witch Plush Doll',
    2499,
    'Huggable plush of Hikari in her academy robes, with a star wand that squeaks.',
  ),
  toy(
    'doll',
    'Neko Cafe Maid Plush',
    1999,
    'Cat-eared café maid plush with an embroidered apron and a tiny tray of parfait.',
  ),
  toy(
    'doll',
    'Lantern Spirit Kokeshi Doll Set',
    3499,
    'Set of three hand-turned wooden kokeshi painted as the lantern spirits of Kyoto.',
  ),
  toy(
    'doll',
    'Sakura Princess Fashion Doll',
    3999,
    'Fashion doll with a cherry-blossom kimono, a spare school uniform and a folding parasol.',
  ),
  toy(
    'doll',
    'Sky Whale Mini Plush',
    1499,
    'Pocket-sized sky whale plush with cloud-soft fur and a keychain loop.',
  ),
  toy(
    'doll',
    'Idol Panic! Stage Doll',
    4499,
    'Poseable idol doll in her stage outfit, with a microphone, light stick and interchangeable hair bows.',
  ),
  toy(
    'car',
    'Mountain Pass Drift Coupe 1/24 Die-Cast',
    3999,
    'Detailed 1/24 die-cast coupe in panda livery, with opening doors and a tofu-shop decal.',
  ),
  toy(
    'car',
    'Ghost Line Express Train Model',
    5999,
    'Motorised model of the midnight ghost train with glowing windows and a loop of track.',
  ),
  toy(
    'car',
    'Neon Samurai Hover Bike Model',
    4999,
    'Snap-fit model kit of the hover bike from Neon Samurai 2099, with LED underglow.',
  ),
  toy(
    'car',
    'Mecha Heart Transport Truck',
    2999,
    'Rolling transport truck that carries a Unit-02 figure; trailer opens into a repair bay.',
  ),
  toy(
    'car',
    'Kawaii Kei Car Pull-Back Set',
    1299,
    'Set of three pull-back kei cars with smiling faces, in mint, peach and lemon.',
  ),
  toy(
    'action-figure',
    'Starfall Idol Aoi 1/7 Scale Figure, Limited Drop',
    18999,
    'Numbered edition of 50: the idol mid-encore on a starlit stage base, with a light-up fan wall. One per customer.',
    { drop: { inDays: 3, stock: 50, limitPerCustomer: 1 } },
  ),
];
