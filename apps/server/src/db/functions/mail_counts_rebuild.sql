-- Every count of one person, from the rows (the seed's bulk path and the consistency check).
-- Before this file: migration 0016_mail.
CREATE OR REPLACE FUNCTION public.mail_counts_rebuild(owner uuid)
 RETURNS void
 LANGUAGE sql
AS $function$
  DELETE FROM mail_counts WHERE owner_id = owner;
  INSERT INTO mail_counts (owner_id, key, total, unread)
  SELECT owner, k, count(*)::int, count(*) FILTER (WHERE m.is_unread)::int
    FROM mail_messages m, unnest(mail_count_keys(m.folder, m.is_starred, m.is_important, m.label_ids)) AS k
   WHERE m.owner_id = owner
   GROUP BY k;
$function$;
