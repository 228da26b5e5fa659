/**
 * Fills a throw-away database with a large catalog and order history, in a handful of
 * set-based statements (generate_series), so 100,000 orders take seconds, not minutes.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client';

export interface Scale {
  products: number;
  users: number;
  orders: number;
}

export const FULL: Scale = { products: 10_000, users: 2_000, orders: 100_000 };
/** Ten times the catalog and the order history (`--size=large`). */
export const LARGE: Scale = { products: 100_000, users: 20_000, orders: 1_000_000 };
export const TINY: Scale = { products: 200, users: 60, orders: 300 };

/** Bench shoppers sign in with this password; the hash is computed once by the caller. */
export const BENCH_PASSWORD = 'bench-password-123';

const words = (list: string) =>
  `array[${list
    .split(' ')
    .map((w) => `'${w}'`)
    .join(',')}]`;
const ADJECTIVES = words(
  'Crimson Shadow Sakura Thunder Moonlit Iron Spirit Neon Golden Silent Storm Frost Azure Blazing Hidden Eternal Wandering Lunar Solar Velvet Scarlet Emerald Phantom Radiant Broken Celestial Savage Gentle Midnight Silver Burning Frozen Wild Sacred Cursed Rising Falling Lost Brave Fierce Quiet Electric Cosmic Mystic Royal Ancient Hollow Steel',
);
const NOUNS = words(
  'Ronin Blade Academy Dragon Alchemist Pilot Ninja Idol Titan Hunter Samurai Naruto Knight Witch Sorcerer Reaper Guardian Mecha Demon Angel Fox Tiger Phoenix Wolf Princess Prince Emperor Shrine Garden Festival Voyage Chronicle Legend Requiem Symphony Odyssey Kingdom Empire Rebellion Sword Lantern Tempest Horizon Paradise Labyrinth Carnival Island Galaxy',
);
/** Descriptions: three of these 68 each, so search text has words no name has. */
const DESCRIPTIVE = words(
  'handcrafted limited edition collectors premium exclusive detailed poseable vinyl cotton polyester leather canvas hardcover paperback glossy matte embroidered printed oversized slim classic vintage retro original official signed numbered boxed deluxe mini giant soft durable lightweight waterproof breathable comfortable colourful monochrome pastel glow luminous metallic holographic wooden ceramic acrylic resin plush fleece denim silk woven knitted stitched painted sculpted illustrated translated uncut remastered anniversary seasonal summer winter autumn spring',
);
/** Syllables that make the catalog's many character and series names, as a real shop has. */
const SYLLABLES = words(
  'ka ki ku ke ko sa shi su se so ta chi tsu te to na ni nu ne no ha hi fu he ho ma mi mu me mo ya yu yo ra ri ru re ro wa ga',
);

export async function generate(database: Database, scale: Scale, passwordHash: string) {
  const { db } = database;
  // A product's character or series name: one of products / 20 made of three syllables (40³
  // possible), so the vocabulary grows with the catalog as a real shop's does (about 5,000
  // names at 100,000 products, and as many words one slip from another as real names have).
  const names = Math.max(10, Math.floor(scale.products / 20));
  const syllable = (k: number) => `(${SYLLABLES})[1 + ((g * 7919) % ${names}) / ${40 ** k} % 40]`;
  await db.execute(
    sql.raw(`
    insert into products (id, name, description, price_cents, category, image, genres, merch_type, toy_type, units_sold, search_text, created_at)
    select id, name, description, price, category, '/uploads/products/bench', genres, merch, toy, (g * 7919) % 5000,
           -- Words after a space, as the shop's buildSearchText writes them.
           ' ' || btrim(regexp_replace(lower(name || ' ' || description || ' ' || coalesce(merch, toy, array_to_string(genres, ' ')) || ' ' || category), '[^[:alnum:]]+', ' ', 'g')),
           now() - (g % 365) * interval '1 day'
    from (
      select g, id, name, price, category, genres, merch, toy,
        character || ' in ' || (${DESCRIPTIVE})[1 + g % 68] || ' ' || (${DESCRIPTIVE})[1 + (g / 68) % 68] || ' and '
          || (${DESCRIPTIVE})[1 + (g * 31) % 68] || ', officially licensed anime merchandise.' as description
      from (
        select g, character,
          (array['COM','CLO','SHO','TOY'])[1 + g % 4] || '-' || upper(lpad(to_hex(g), 6, '0')) as id,
          (${ADJECTIVES})[1 + g % 48] || ' ' || character || ' ' || (${NOUNS})[1 + (g / 48) % 48] || ' ' || (g % 97) as name,
          500 + (g * 37) % 9500 as price,
          (array['comics','clothes','shoes','toys'])[1 + g % 4] as category,
          case when g % 4 = 0 then array[(array['action','adventure','comedy','drama','fantasy'])[1 + g % 5]] else '{}'::text[] end as genres,
          case g % 4 when 1 then (array['t-shirt','jacket','pants'])[1 + g % 3] when 2 then (array['sneakers','boots'])[1 + g % 2] end as merch,
          case when g % 4 = 3 then (array['action-figure','doll','car'])[1 + g % 3] end as toy
        from (
          select g, initcap(${syllable(0)} || ${syllable(1)} || ${syllable(2)}) as character
          from generate_series(1, ${scale.products}) g
        ) named
      ) p
    ) d`),
  );
  // Comics 4 volumes, clothes 4 sizes, shoes 3 sizes, toys a single stock: 3 variants on average.
  await db.execute(
    sql.raw(`
    insert into product_variants (product_id, variant, stock, position)
    select p.id, v.variant, case when (v.pos + length(p.id)) % 17 = 0 then 0 else 1000000 end, v.pos
    from products p
    cross join lateral (
      select variant, pos from unnest(case p.category
        when 'comics' then array['V1','V2','V3','V4']
        when 'clothes' then array['S','M','L','XL']
        when 'shoes' then array['M','L','XL']
        else array[''] end) with ordinality as t(variant, pos)
    ) v`),
  );
  await db.execute(
    sql.raw(`
    insert into users (username, email, password_hash, role, created_at)
    select 'shopper' || g, 'shopper' || g || '@bench.local', '${passwordHash}', 'user', now() - (g % 400) * interval '1 day'
    from generate_series(1, ${scale.users}) g`),
  );
  await db.execute(
    sql.raw(`
    insert into users (username, email, password_hash, role)
    values ('benchadmin', 'admin@bench.local', '${passwordHash}', 'superAdmin')`),
  );
  // The per-status order counters' row trigger (migration 0003) upserts a counter once per
  // order: a million upserts at the large size, most of the generation's time. The bulk load
  // goes without it, and the counters are counted once after it, as the migration did.
  const counting = 'orders_count_inserts_and_deletes';
  await db.execute(sql.raw(`alter table orders disable trigger ${counting}`));
  await db.execute(
    sql.raw(`
    with u as (select id, email, username, row_number() over (order by email) as n from users where role = 'user')
    insert into orders (order_number, user_id, customer_name, customer_email, payment_method, payment_status, status,
                        shipping_address, subtotal_cents, shipping_cents, discount_cents, total_cents, created_at)
    select 'ORD-' || upper(lpad(to_hex(g), 8, '0')), u.id, u.username, u.email,
           case when g % 3 = 0 then 'card' else 'cod' end, case when g % 3 = 0 then 'paid' else 'unpaid' end,
           (array['pending','processing','shipped','delivered'])[1 + g % 4], g || ' Bench Street, Tokyo',
           (g * 131) % 20000 + 500, 500, 0, (g * 131) % 20000 + 1000, now() - (g % 720) * interval '1 hour' - (g % 90) * interval '1 day'
    from generate_series(1, ${scale.orders}) g
    join u on u.n = 1 + g % ${scale.users}`),
  );
  await db.execute(sql.raw(`alter table orders enable trigger ${counting}`));
  await db.execute(
    sql.raw(`
    insert into order_status_counts (status, slot, orders)
    select status, 0, count(*) from orders group by status
    on conflict (status, slot) do update set orders = order_status_counts.orders + excluded.orders`),
  );
  await db.execute(
    sql.raw(`
    insert into order_lines (order_id, product_id, product_name, product_image, variant, quantity, price_cents)
    select o.id, p.id, p.name, p.image,
           coalesce((select variant from product_variants v where v.product_id = p.id order by position limit 1), ''),
           1 + o.n % 3, p.price_cents
    from (select id, 1 + abs(hashtext(order_number)) % ${scale.products} as n from orders) o
    join products p on p.id = (array['COM','CLO','SHO','TOY'])[1 + o.n % 4] || '-' || upper(lpad(to_hex(o.n), 6, '0'))`),
  );
  // As a shop's own autovacuum would have by now: statistics, and a visibility map so the
  // index-only scans the lists rely on do not visit the heap (and autovacuum does not start
  // on the fresh tables in the middle of a measurement).
  await db.execute(sql.raw(`vacuum analyze`));
  // And everything written so far on disk, so that the checkpoint these writes would bring
  // does not run in the middle of a measurement. CHECKPOINT needs a superuser (or, from
  // PostgreSQL 15, pg_checkpoint); a BENCH_DATABASE_URL without either goes on without it.
  await db.execute(sql.raw(`checkpoint`)).catch((error: Error) => {
    console.log(`No checkpoint before the measurements: ${error.message}`);
  });
}
