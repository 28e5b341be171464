-- 0021_pictures_in_database (sqlite). Written by hand: uploaded pictures are kept in the database, like on
-- PostgreSQL, so both dialects store and serve them one way and a backup of the database holds them. No schema
-- describes this table: a picture is bytes, which no JSON Schema type the generator maps stands for, and no admin
-- screen lists it (src/server/domains/upload/storage.ts reads and writes it). `id` as every table has; `name` is the
-- URL's file name (new pictures: the first 32 hex digits of `sha256` and the type's extension; moved files keep
-- theirs), `sha256` the whole content's hash, the ETag. Statements are separated by --;; lines.
CREATE TABLE sys_picture (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL UNIQUE,
  sha256 TEXT NOT NULL,
  data BLOB NOT NULL,
  create_time TEXT NOT NULL
);
