-- Chat's group commit (ChatSendQueue): text messages of many senders stored by one call. A
-- function so its plan is prepared once per connection, not per call. Messages of one
-- conversation keep their order: each row its own time (clock_timestamp, plus its place in the
-- batch in microseconds) and sequence number. A member who sent in the batch has read up to
-- their own last message; the others' unread counts grow by what the others sent.
-- Before this file: migrations 0018_presence, 0037_chat_send_batch_closed.
CREATE OR REPLACE FUNCTION public.chat_send_batch(batch jsonb)
 RETURNS TABLE(id uuid, conversation_id uuid, sender_id uuid, client_id text, body text, created_at timestamp with time zone, seq bigint, members uuid[])
 LANGUAGE plpgsql
AS $function$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH x AS (
    SELECT * FROM ROWS FROM (jsonb_to_recordset(batch)
        AS (conversation_id uuid, sender_id uuid, client_id text, body text))
      WITH ORDINALITY AS x(conversation_id, sender_id, client_id, body, n)
  ), ins AS (
    INSERT INTO chat_messages (conversation_id, sender_id, client_id, body, content_type, created_at)
    SELECT x.conversation_id, x.sender_id, x.client_id, x.body, 'text',
           clock_timestamp() + x.n * interval '1 microsecond'
      FROM x
     -- A lookup by key per message (a join would let the planner scan every membership).
     CROSS JOIN LATERAL (SELECT 1 FROM chat_participants p
                          WHERE p.conversation_id = x.conversation_id
                            AND p.user_id = x.sender_id AND p.left_at IS NULL LIMIT 1) member
     WHERE NOT EXISTS (SELECT 1 FROM chat_participants q
                        WHERE q.conversation_id = x.conversation_id AND q.closed_at IS NOT NULL
                          AND q.left_at IS NULL AND q.user_id <> x.sender_id)
     ORDER BY x.n
    ON CONFLICT (sender_id, client_id) DO NOTHING
    RETURNING chat_messages.id, chat_messages.conversation_id, chat_messages.sender_id,
              chat_messages.client_id, chat_messages.body, chat_messages.created_at,
              chat_messages.seq
  ), last AS (
    SELECT DISTINCT ON (ins.conversation_id) ins.conversation_id, ins.id, ins.created_at
      FROM ins ORDER BY ins.conversation_id, ins.created_at DESC
  ), conv AS (
    UPDATE chat_conversations c SET last_message_id = last.id, updated_at = last.created_at
      FROM last
     WHERE c.id = last.conversation_id
       AND c.id = ANY (ARRAY(SELECT l.conversation_id FROM last l))
  ), mine AS (
    SELECT DISTINCT ON (ins.conversation_id, ins.sender_id)
           ins.conversation_id, ins.sender_id, ins.id, ins.created_at
      FROM ins ORDER BY ins.conversation_id, ins.sender_id, ins.created_at DESC
  ), counts AS (
    SELECT p.conversation_id, p.user_id, mine.id AS mine_id,
           count(ins.id) FILTER (WHERE ins.sender_id IS DISTINCT FROM p.user_id
                                   AND (mine.id IS NULL OR ins.created_at > mine.created_at))
             AS unseen
      FROM chat_participants p
      JOIN ins ON ins.conversation_id = p.conversation_id
      LEFT JOIN mine ON mine.conversation_id = p.conversation_id AND mine.sender_id = p.user_id
     WHERE p.conversation_id = ANY (ARRAY(SELECT l.conversation_id FROM last l))
       AND p.left_at IS NULL
     GROUP BY p.conversation_id, p.user_id, mine.id
  ), parts AS (
    UPDATE chat_participants p
       SET unread = CASE WHEN counts.mine_id IS NULL THEN p.unread + counts.unseen
                         ELSE counts.unseen END,
           last_read_message_id = coalesce(counts.mine_id, p.last_read_message_id)
      FROM counts
     WHERE p.conversation_id = counts.conversation_id AND p.user_id = counts.user_id
       AND p.conversation_id = ANY (ARRAY(SELECT l.conversation_id FROM last l))
    RETURNING p.conversation_id, p.user_id
  )
  SELECT ins.id, ins.conversation_id, ins.sender_id, ins.client_id, ins.body, ins.created_at,
         ins.seq,
         ARRAY(SELECT parts.user_id FROM parts WHERE parts.conversation_id = ins.conversation_id)
    FROM ins;
END
$function$;
