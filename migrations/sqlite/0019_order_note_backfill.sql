-- 0019_order_note_backfill (sqlite). Written by hand: history rows written before note codes existed get the code and
-- values their English text was made from, so the admin shows them in the reader's language; `note` keeps the text.
-- A text no code made (an operator's own note, any other) stays without a code and is shown as written.
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
SET note_code = 'paidFromBalanceNote', note_params = json_object('note', substr(note, 20))
WHERE note_code IS NULL AND substr(note, 1, 19) = 'Paid from balance: ';
--;;
UPDATE oms_order_operate_history SET note_code = 'closed', note_params = json_object('note', substr(note, 9))
WHERE note_code IS NULL AND substr(note, 1, 8) = 'Closed: ';
--;;
UPDATE oms_order_operate_history SET note_code = 'invalid', note_params = json_object('note', substr(note, 17))
WHERE note_code IS NULL AND substr(note, 1, 16) = 'Marked invalid: ';
--;;
UPDATE oms_order_operate_history SET note_code = 'messageSent', note_params = json_object('title', substr(note, 23))
WHERE note_code IS NULL AND substr(note, 1, 22) = 'Station message sent: ';
--;;
-- "Shipped: <company> <number>": the number is what follows the last space (rtrim by every other character of the
-- text leaves the text up to and with its last space).
UPDATE oms_order_operate_history
SET note_code = 'shipped',
  note_params = json_object(
    'company', substr(rtrim(substr(note, 10), replace(substr(note, 10), ' ', '')), 1,
      length(rtrim(substr(note, 10), replace(substr(note, 10), ' ', ''))) - 1),
    'sn', substr(substr(note, 10), length(rtrim(substr(note, 10), replace(substr(note, 10), ' ', ''))) + 1))
WHERE note_code IS NULL AND substr(note, 1, 9) = 'Shipped: ' AND instr(substr(note, 10), ' ') > 1;
--;;
-- "Fees changed: freight <f>, discount <d>"
UPDATE oms_order_operate_history
SET note_code = 'feesChanged',
  note_params = json_object(
    'freight', substr(substr(note, 23), 1, instr(substr(note, 23), ', discount ') - 1),
    'discount', substr(substr(note, 23), instr(substr(note, 23), ', discount ') + 11))
WHERE note_code IS NULL AND substr(note, 1, 22) = 'Fees changed: freight ' AND instr(substr(note, 23), ', discount ') > 0;
--;;
-- "Return #<id> completed, refunded <amount>"
UPDATE oms_order_operate_history
SET note_code = 'returnCompleted',
  note_params = json_object(
    'id', substr(substr(note, 9), 1, instr(substr(note, 9), ' completed, refunded ') - 1),
    'amount', substr(substr(note, 9), instr(substr(note, 9), ' completed, refunded ') + 21))
WHERE note_code IS NULL AND substr(note, 1, 8) = 'Return #' AND instr(substr(note, 9), ' completed, refunded ') > 0;
