-- The keys a message counts under: its folder, and unless it is in the trash or spam: all,
-- starred, important and each of its labels.
-- Before this file: migration 0016_mail.
CREATE OR REPLACE FUNCTION public.mail_count_keys(folder text, starred boolean, important boolean, labels uuid[])
 RETURNS text[]
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT CASE WHEN folder IN ('trash', 'spam') THEN ARRAY[folder]
  ELSE ARRAY[folder, 'all']
    || CASE WHEN starred THEN ARRAY['starred'] ELSE ARRAY[]::text[] END
    || CASE WHEN important THEN ARRAY['important'] ELSE ARRAY[]::text[] END
    || COALESCE((SELECT array_agg('label:' || l::text) FROM unnest(labels) AS l), ARRAY[]::text[])
  END
$function$;
