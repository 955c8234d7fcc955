/* event_handler: dispatch input events parsed from a text trace to
 * handlers registered per event type. Each handler receives a void
 * pointer to the event payload and the registration guarantees that the
 * payload type matches the event type.
 *
 * Trace lines: "key CODE" | "move X Y" | "resize W H"
 */
#include <stdio.h>
#include <string.h>

enum ev_type { EV_KEY, EV_MOVE, EV_RESIZE, EV_COUNT };

struct key_ev { int code; };
struct move_ev { int x, y; };
struct resize_ev { unsigned w, h; };

struct event {
	enum ev_type type;
	union {
		struct key_ev key;
		struct move_ev move;
		struct resize_ev resize;
	} data;
};

typedef void (*handler_fn)(const void *payload);

static void on_key(const void *p)
{
	const struct key_ev *k = p;
	printf("key %d\n", k->code);
}

static void on_move(const void *p)
{
	const struct move_ev *m = p;
	printf("pointer at %d,%d\n", m->x, m->y);
}

static void on_resize(const void *p)
{
	const struct resize_ev *r = p;
	printf("window %ux%u\n", r->w, r->h);
}

static const handler_fn handlers[EV_COUNT] = {
	[EV_KEY] = on_key,
	[EV_MOVE] = on_move,
	[EV_RESIZE] = on_resize,
};

/* Pass the union member that belongs to the event's type. */
static void dispatch(const struct event *ev)
{
	switch (ev->type) {
	case EV_KEY:    handlers[EV_KEY](&ev->data.key); break;
	case EV_MOVE:   handlers[EV_MOVE](&ev->data.move); break;
	case EV_RESIZE: handlers[EV_RESIZE](&ev->data.resize); break;
	default:        break;
	}
}

int main(void)
{
	char line[128];
	struct event ev;

	while (fgets(line, sizeof(line), stdin)) {
		if (sscanf(line, "key %d", &ev.data.key.code) == 1)
			ev.type = EV_KEY;
		else if (sscanf(line, "move %d %d", &ev.data.move.x, &ev.data.move.y) == 2)
			ev.type = EV_MOVE;
		else if (sscanf(line, "resize %u %u", &ev.data.resize.w, &ev.data.resize.h) == 2)
			ev.type = EV_RESIZE;
		else
			continue;
		dispatch(&ev);
	}
	return 0;
}
