import { sql } from "drizzle-orm";
import { openDatabase } from "../app/db/client.server";
const h = await openDatabase({ pgliteDir: process.argv[2] });
const db = h.db as any;
const q = async (label: string, text: string) => {
  for (let i = 0; i < 3; i++) { const t = performance.now(); await db.execute(sql.raw(text)); if (i === 2) console.log(label, (performance.now() - t).toFixed(1), "ms"); }
};
const inv = "pi.inventory_code in ('IP','SAQ','Brouhh','MERCH_MTL')";
const offered = "pi.inventory_code in ('IP','SAQ','Brouhh','MERCH_MTL','STORE_MTL','STORE_QC')";
await q("grouping sets", `select pi.inventory_code, p.type_code, p.country_id, p.region_id, count(*) filter (where ${inv}) from product_inventories pi join products p on p.id = pi.product_id where ${offered} group by grouping sets ((pi.inventory_code),(p.type_code),(p.country_id),(p.region_id))`);
await q("ids sorted", `select pi.id from product_inventories pi join products p on p.id = pi.product_id where ${inv} order by pi.availability_status, p.name_fr, pi.id limit 24`);
await q("colors", `select pa.attribute_id, count(*) from product_inventories pi join products p on p.id = pi.product_id join product_attributes pa on pa.product_id = p.id where ${inv} and pa.attribute_id in (1,2,3,4,5,6) group by pa.attribute_id`);
await q("seq products", `select count(type_code) from products`);
await q("seq pi", `select count(*) from product_inventories`);
const r = await db.execute(sql.raw(`select pg_size_pretty(pg_relation_size('products')) p, pg_size_pretty(pg_relation_size('product_inventories')) pi`));
console.log(r.rows);
const e = await db.execute(sql.raw(`explain analyze select pi.id from product_inventories pi join products p on p.id = pi.product_id where ${inv} order by pi.availability_status, p.name_fr, pi.id limit 24`));
console.log(e.rows.map((x: any) => x["QUERY PLAN"]).join("\n"));
await h.close();
