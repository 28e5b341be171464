-- Hand-written data migration. Shop-scoped rows must always belong to a shop; rows stored without one (products
-- and members created by platform staff before every create had to name a shop) are repaired:
--   products and members get the lowest shop id (the oldest shop);
--   SKUs get their product's shop (also when they disagree with it: child rows follow their parent).
-- With no shop at all in the database, nothing changes.
UPDATE pms_product SET shop_id = (SELECT MIN(id) FROM ums_shop) WHERE shop_id IS NULL;
--;;
UPDATE ums_member SET shop_id = (SELECT MIN(id) FROM ums_shop) WHERE shop_id IS NULL;
--;;
UPDATE pms_sku_stock SET shop_id = (SELECT p.shop_id FROM pms_product p WHERE p.id = pms_sku_stock.product_id)
WHERE shop_id IS NOT (SELECT p.shop_id FROM pms_product p WHERE p.id = pms_sku_stock.product_id);
