-- 0019_order_note_backfill (postgres). Written by hand: history rows written before note codes existed get the code
-- and values their English text was made from, so the admin shows them in the reader's language; `note` keeps the
-- text. A text no code made (an operator's own note, any other) stays without a code and is shown as written.
-- Statements are separated by --;; lines.
UPDATE oms_order_operate_history SET note_code = 'submitted' WHERE note_code IS NULL AND note = 'Order submitted';
--;;
UPDATE oms_order_operate_history SET note_code = 'paid' WHERE note_code IS NULL AND note = 'Paid';
--;;
UPDATE oms_order_operate_history SET note_code = 'paidFromBalance' WHERE note_code IS NULL AND note = 'Paid from balance';
--;;
UPDATE oms_order_operate_history SET note_code = 'received' WHERE note_code IS NULL AND note = 'Receipt confirmed';
--;;
UPDATE oms_order_operate_history SET note_code = 'receiverChanged'
WHERE note_code IS NULL AND note = 'Receiver information changed';
--;;
UPDATE oms_order_operate_history
SET note_code = 'paidFromBalanceNote', note_params = jsonb_build_object('note', substr(note, 20))
WHERE note_code IS NULL AND left(note, 19) = 'Paid from balance: ';
--;;
UPDATE oms_order_operate_history SET note_code = 'closed', note_params = jsonb_build_object('note', substr(note, 9))
WHERE note_code IS NULL AND left(note, 8) = 'Closed: ';
--;;
UPDATE oms_order_operate_history SET note_code = 'invalid', note_params = jsonb_build_object('note', substr(note, 17))
WHERE note_code IS NULL AND left(note, 16) = 'Marked invalid: ';
--;;
UPDATE oms_order_operate_history
SET note_code = 'messageSent', note_params = jsonb_build_object('title', substr(note, 23))
WHERE note_code IS NULL AND left(note, 22) = 'Station message sent: ';
--;;
UPDATE oms_order_operate_history
SET note_code = 'shipped',
  note_params = jsonb_build_object(
    'company', (regexp_match(note, '^Shipped: (.+) (\S+)$'))[1],
    'sn', (regexp_match(note, '^Shipped: (.+) (\S+)$'))[2])
WHERE note_code IS NULL AND note ~ '^Shipped: .+ \S+$';
--;;
UPDATE oms_order_operate_history
SET note_code = 'feesChanged',
  note_params = jsonb_build_object(
    'freight', (regexp_match(note, '^Fees changed: freight (.*), discount (.*)$'))[1],
    'discount', (regexp_match(note, '^Fees changed: freight (.*), discount (.*)$'))[2])
WHERE note_code IS NULL AND note ~ '^Fees changed: freight .*, discount .*$';
--;;
UPDATE oms_order_operate_history
SET note_code = 'returnCompleted',
  note_params = jsonb_build_object(
    'id', (regexp_match(note, '^Return #(.*) completed, refunded (.*)$'))[1],
    'amount', (regexp_match(note, '^Return #(.*) completed, refunded (.*)$'))[2])
WHERE note_code IS NULL AND note ~ '^Return #.* completed, refunded .*$';
