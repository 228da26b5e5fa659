import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StatementWatcher, throttledAnnouncer } from './change-feed';

describe('StatementWatcher', () => {
  it('counts a write to a watched table when it is committed, and nothing else', () => {
    const w = new StatementWatcher();
    expect(w.changesOnCompletion('update "product_variants" set "stock" = 1')).toEqual(['catalog']);
    expect(
      w.changesOnCompletion('with x as (select 1) update product_variants pv set stock = 2'),
    ).toEqual(['catalog']);
    expect(w.changesOnCompletion('insert into "products" ("id") values ($1)')).toEqual(['catalog']);
    expect(w.changesOnCompletion('delete from products where id = $1')).toEqual(['catalog']);
    expect(w.changesOnCompletion('select * from products')).toEqual([]);
    expect(w.changesOnCompletion('update "orders" set "status" = $1')).toEqual([]);
    expect(w.changesOnCompletion('update products_archive set x = 1')).toEqual([]);

    expect(w.changesOnCompletion('begin')).toEqual([]);
    expect(w.changesOnCompletion('update "products" set "price_cents" = 1')).toEqual([]);
    expect(w.changesOnCompletion('rollback to savepoint sp1')).toEqual([]);
    expect(w.changesOnCompletion('commit')).toEqual(['catalog']);

    expect(w.changesOnCompletion('begin')).toEqual([]);
    expect(w.changesOnCompletion('update "product_variants" set "stock" = 1')).toEqual([]);
    expect(w.changesOnCompletion('rollback')).toEqual([]);
    expect(w.changesOnCompletion('begin')).toEqual([]);
    expect(w.changesOnCompletion('update "orders" set "status" = $1')).toEqual([]);
    expect(w.changesOnCompletion('commit')).toEqual([]);
  });

  it('tells the users feed from the catalog feed, also within one statement', () => {
    const w = new StatementWatcher();
    expect(w.changesOnCompletion('update "users" set "role" = $1 where "users"."id" = $2')).toEqual(
      ['users'],
    );
    expect(w.changesOnCompletion('delete from "users" where "users"."id" = $1')).toEqual(['users']);
    expect(w.changesOnCompletion('insert into "users" ("username") values ($1)')).toEqual([
      'users',
    ]);
    expect(w.changesOnCompletion('select * from "users" where "id" = $1 for update')).toEqual([]);
    expect(w.changesOnCompletion('update "user_sessions" set x = 1')).toEqual([]);
    expect(w.changesOnCompletion('insert into users_archive select 1')).toEqual([]);
    expect(
      w.changesOnCompletion(
        'with gone as (delete from "users" where id = $1) update "products" set x = 1',
      ),
    ).toEqual(['users', 'catalog']);

    expect(w.changesOnCompletion('BEGIN')).toEqual([]);
    expect(w.changesOnCompletion('UPDATE users SET email = $1')).toEqual([]);
    expect(w.changesOnCompletion('update "product_variants" set "stock" = 1')).toEqual([]);
    expect(w.changesOnCompletion('update users set username = $1')).toEqual([]);
    expect(w.changesOnCompletion('COMMIT')).toEqual(['users', 'catalog']);
  });

  it('counts a call of a function that writes a watched table (the cart changes stock)', () => {
    const w = new StatementWatcher();
    expect(
      w.changesOnCompletion('select stock from cart_reserve($1::text, $2::uuid, $3, $4, $5)'),
    ).toEqual(['catalog']);
    expect(
      w.changesOnCompletion('select held_before from CART_CHANGE_LINE ($1, $2, $3, $4, $5)'),
    ).toEqual(['catalog']);
    expect(w.changesOnCompletion('select lines from cart_state($1::text)')).toEqual([]);
    expect(w.changesOnCompletion('select my_cart_reserve($1)')).toEqual([]);
  });

  it('names the product whose stock alone a cart change moves, when it runs on its own', () => {
    const w = new StatementWatcher();
    const stockOf = (text: string, values: unknown[]) => w.changeOnCompletion(text, values).stockOf;
    const reserve =
      'select stock from cart_reserve($1::text, $2::uuid, $3::text, $4::text, $5::int, 99) cross join set_config($6, $7, true)';
    const values = ['user_1', 'u-1', 'TOY-ABC123', '', 1];
    expect(stockOf(reserve, values)).toBe('TOY-ABC123');
    const change = 'select done from cart_change_line($1::text, $2::text, $3::text, $4::int, $5)';
    expect(stockOf(change, ['user_1', 'COM-XYZ789', 'V1', 2, null])).toBe('COM-XYZ789');
    // Not a product named by a parameter, or another watched write beside it: a whole change.
    expect(stockOf(change, ['user_1', 7, 'V1', 2, null])).toBeNull();
    expect(
      stockOf("select * from cart_change_line($1, 'TOY-ABC123', '', 1, null)", ['user_1']),
    ).toBeNull();
    expect(
      stockOf(`with p as (update products set name = 'x') ${change}`, [
        'user_1',
        'COM-XYZ789',
        'V1',
        2,
        null,
      ]),
    ).toBeNull();
    expect(stockOf('update product_variants set stock = 1', [])).toBeNull();
    // Inside a transaction it is counted with the rest at COMMIT, as a change of anything.
    w.changesOnCompletion('begin');
    expect(stockOf(reserve, values)).toBeNull();
    expect(w.changesOnCompletion(reserve)).toEqual([]);
    expect(w.changesOnCompletion('commit')).toEqual(['catalog']);
    expect(stockOf(reserve, values)).toBe('TOY-ABC123');
  });
});

describe('throttledAnnouncer', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  const setUp = () => {
    const sent: Array<[string, number]> = [];
    const announcer = throttledAnnouncer<string>((topic) => sent.push([topic, Date.now()]), 20);
    return { sent, announcer };
  };

  it('sends the first change of a quiet moment on the next turn, once for the whole turn', async () => {
    const { sent, announcer } = setUp();
    const t0 = Date.now();
    announcer.announce('catalog');
    announcer.announce('catalog');
    announcer.announce('users');
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([
      ['catalog', t0],
      ['users', t0],
    ]);
    // Nothing changed after them: their windows end without sending again.
    await vi.advanceTimersByTimeAsync(100);
    expect(sent).toHaveLength(2);
    announcer.announce('catalog');
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.at(-1)).toEqual(['catalog', t0 + 100]);
  });

  it('sends at most once per window while changes keep coming, and always the last change', async () => {
    const { sent, announcer } = setUp();
    const t0 = Date.now();
    for (let ms = 0; ms < 100; ms += 2) {
      announcer.announce('catalog');
      await vi.advanceTimersByTimeAsync(2);
    }
    await vi.advanceTimersByTimeAsync(100);
    expect(sent.map(([, at]) => at - t0)).toEqual([0, 20, 40, 60, 80, 100]);
  });

  it('sends nothing that was waiting once stopped', async () => {
    const { sent, announcer } = setUp();
    announcer.announce('catalog');
    await vi.advanceTimersByTimeAsync(0);
    announcer.announce('catalog');
    announcer.stop();
    await vi.advanceTimersByTimeAsync(100);
    expect(sent).toHaveLength(1);
  });
});
