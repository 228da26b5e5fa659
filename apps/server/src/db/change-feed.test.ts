import { describe, expect, it } from 'vitest';
import { StatementWatcher } from './change-feed';

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
});
