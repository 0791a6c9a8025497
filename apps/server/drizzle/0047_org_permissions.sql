-- The organisation's administration permissions join the shipped administrator role (edited roles keep theirs).
UPDATE "roles" SET "permissions" = "permissions" || ARRAY(SELECT p FROM unnest(ARRAY['roles:manage','invitations:manage','tokens:manage','webhooks:manage']::text[]) AS p WHERE NOT (p = ANY("permissions"))) WHERE "name" = 'admin';
