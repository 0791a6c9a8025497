CREATE TABLE "presence" (
	"user_id" uuid NOT NULL,
	"instance_id" text NOT NULL,
	"sockets" integer NOT NULL,
	"active_at" timestamp with time zone NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "presence_user_id_instance_id_pk" PRIMARY KEY("user_id","instance_id")
);
--> statement-breakpoint
ALTER TABLE "presence" ADD CONSTRAINT "presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Chat's group commit (ChatSendQueue): text messages of many senders stored by one call, one
-- per conversation. A function so its plan is prepared once per connection, not per call.
CREATE OR REPLACE FUNCTION chat_send_batch(batch jsonb)
RETURNS TABLE (id uuid, conversation_id uuid, sender_id uuid, client_id text, body text,
               created_at timestamptz, seq bigint, members uuid[])
LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH x AS (
    SELECT * FROM jsonb_to_recordset(batch)
      AS x(conversation_id uuid, sender_id uuid, client_id text, body text)
  ), ins AS (
    INSERT INTO chat_messages (conversation_id, sender_id, client_id, body, content_type)
    SELECT x.conversation_id, x.sender_id, x.client_id, x.body, 'text' FROM x
     -- A lookup by key per message (a join would let the planner scan every membership).
     CROSS JOIN LATERAL (SELECT 1 FROM chat_participants p
                          WHERE p.conversation_id = x.conversation_id
                            AND p.user_id = x.sender_id AND p.left_at IS NULL LIMIT 1) member
    ON CONFLICT (sender_id, client_id) DO NOTHING
    RETURNING chat_messages.id, chat_messages.conversation_id, chat_messages.sender_id,
              chat_messages.client_id, chat_messages.body, chat_messages.created_at,
              chat_messages.seq
  ), conv AS (
    UPDATE chat_conversations c SET last_message_id = ins.id, updated_at = ins.created_at
      FROM ins
     WHERE c.id = ins.conversation_id
       AND c.id = ANY (ARRAY(SELECT i.conversation_id FROM ins i))
  ), parts AS (
    UPDATE chat_participants p
       SET unread = CASE WHEN p.user_id = ins.sender_id THEN 0 ELSE p.unread + 1 END,
           last_read_message_id =
             CASE WHEN p.user_id = ins.sender_id THEN ins.id ELSE p.last_read_message_id END
      FROM ins
     WHERE p.conversation_id = ins.conversation_id AND p.left_at IS NULL
       AND p.conversation_id = ANY (ARRAY(SELECT i.conversation_id FROM ins i))
    RETURNING p.conversation_id, p.user_id
  )
  SELECT ins.id, ins.conversation_id, ins.sender_id, ins.client_id, ins.body, ins.created_at,
         ins.seq,
         ARRAY(SELECT parts.user_id FROM parts WHERE parts.conversation_id = ins.conversation_id)
    FROM ins;
END
$$;
