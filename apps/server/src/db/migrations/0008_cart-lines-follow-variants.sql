-- Cart lines go with their variant (decision 091). Lines left behind by variants removed
-- before this migration held units of stock that no longer exists: they go first.
DELETE FROM "cart_items" ci WHERE NOT EXISTS (
  SELECT 1 FROM "product_variants" pv WHERE pv."product_id" = ci."product_id" AND pv."variant" = ci."variant"
);
--> statement-breakpoint
ALTER TABLE "cart_items" DROP CONSTRAINT "cart_items_product_id_products_id_fk";
--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_variant_fk" FOREIGN KEY ("product_id","variant") REFERENCES "public"."product_variants"("product_id","variant") ON DELETE cascade ON UPDATE no action;