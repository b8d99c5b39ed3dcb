-- A cancelled match stores why as a code (the words are the front ends'); matches cancelled
-- before stored the English sentence, which becomes its code here.
UPDATE matches SET result = '{"reason": "host_left"}' WHERE status = 'cancelled' AND result = '{"reason": "closed: the host left the lobby"}';
UPDATE matches SET result = '{"reason": "moderator"}' WHERE status = 'cancelled' AND result = '{"reason": "cancelled by a moderator"}';
UPDATE matches SET result = '{"reason": "host"}' WHERE status = 'cancelled' AND result = '{"reason": "cancelled by the host"}';
UPDATE matches SET result = '{"reason": "host_before_first_move"}' WHERE status = 'cancelled' AND result = '{"reason": "cancelled by the host before the first move"}';
UPDATE matches SET result = '{"reason": "agreed"}' WHERE status = 'cancelled' AND result = '{"reason": "cancelled by the host with every player''s agreement"}';
UPDATE matches SET result = '{"reason": "lobby_expired"}' WHERE status = 'cancelled' AND result = '{"reason": "closed: nobody started it in time"}';
UPDATE matches SET result = '{"reason": "all_out_of_time"}' WHERE status = 'cancelled' AND result = '{"reason": "ended: every player ran out of time"}';
