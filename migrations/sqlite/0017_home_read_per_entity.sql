-- 0017_home_read_per_entity (sqlite). Written by hand: sellers read the homepage recommendations through one resource,
-- GET /home/*/**, which no schema owns, so a schema's x-admin.access could not take the reading of one of them
-- away. It goes (with its grants); the next start makes each entity's own GET <path>/** and grants it as the
-- schemas say (src/server/domains/seed/resources.ts). Statements are separated by --;; lines.
DELETE FROM ums_role_resource_relation WHERE resource_id IN (SELECT id FROM ums_resource WHERE url = 'GET /home/*/**');
--;;
DELETE FROM ums_resource WHERE url = 'GET /home/*/**';
