// 3-digit puzzle (COMP3308), student-style Java with two known mistakes: when the fringe of BFS,
// DFS, Greedy or A* runs empty without a solution, it prints the start as the path instead of
// "No solution found." (the list of expanded nodes is printed as usual); and when the start is
// the goal it prints an empty path line (the start left out), then the start as the only
// expanded node.
// Usage: java StartAsPathEmptyStart LETTER FILE
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.*;

public class StartAsPathEmptyStart {
    static final int LIMIT = 1000;
    static String goal;
    static Set<String> forbidden = new HashSet<>();
    static List<String> expanded = new ArrayList<>();

    static final class Node {
        final String number;
        final int changed;
        final Node parent;
        final int depth;
        final long order;

        Node(String number, int changed, Node parent, long order) {
            this.number = number;
            this.changed = changed;
            this.parent = parent;
            this.depth = parent == null ? 0 : parent.depth + 1;
            this.order = order;
        }

        String key() {
            return number + "/" + changed;
        }

        List<String> path() {
            LinkedList<String> out = new LinkedList<>();
            for (Node n = this; n != null; n = n.parent) out.addFirst(n.number);
            return out;
        }
    }

    static long counter = 0;

    static List<Node> children(Node node) {
        List<Node> out = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            if (i == node.changed) continue;
            int digit = node.number.charAt(i) - '0';
            for (int delta : new int[] {-1, 1}) {
                int d = digit + delta;
                if (d < 0 || d > 9) continue;
                String number = node.number.substring(0, i) + d + node.number.substring(i + 1);
                if (!forbidden.contains(number)) out.add(new Node(number, i, node, ++counter));
            }
        }
        return out;
    }

    static int h(String number) {
        int total = 0;
        for (int i = 0; i < 3; i++) total += Math.abs(number.charAt(i) - goal.charAt(i));
        return total;
    }

    /** 0 expand, 1 discard, 2 goal, 3 limit. */
    static int visit(Node node, Set<String> seen) {
        if (!seen.add(node.key())) return 1;
        expanded.add(node.number);
        if (node.number.equals(goal)) return 2;
        if (expanded.size() >= LIMIT) return 3;
        return 0;
    }

    static List<String> search(char letter, String start) {
        Node root = new Node(start, -1, null, 0);
        if (letter == 'H') return hill(root);
        if (letter == 'I') {
            for (int limit = 0; ; limit++) {
                Deque<Node> stack = new ArrayDeque<>();
                Set<String> seen = new HashSet<>();
                stack.push(root);
                while (!stack.isEmpty()) {
                    Node node = stack.pop();
                    int v = visit(node, seen);
                    if (v == 2) return node.path();
                    if (v == 3) return null;
                    if (v == 0 && node.depth < limit) {
                        List<Node> kids = children(node);
                        for (int k = kids.size() - 1; k >= 0; k--) stack.push(kids.get(k));
                    }
                }
            }
        }
        Comparator<Node> byPriority = Comparator.comparingInt((Node n) -> h(n.number) + (letter == 'A' ? n.depth : 0))
                .thenComparing(n -> -n.order);
        PriorityQueue<Node> heap = new PriorityQueue<>(byPriority);
        Deque<Node> deque = new ArrayDeque<>();
        boolean informed = letter == 'G' || letter == 'A';
        if (informed) heap.add(root); else deque.add(root);
        Set<String> seen = new HashSet<>();
        while (informed ? !heap.isEmpty() : !deque.isEmpty()) {
            Node node = informed ? heap.poll() : (letter == 'D' ? deque.pollLast() : deque.pollFirst());
            int v = visit(node, seen);
            if (v == 2) return node.path();
            if (v == 3) return null;
            if (v == 1) continue;
            List<Node> kids = children(node);
            if (informed) heap.addAll(kids);
            else if (letter == 'D') for (int k = kids.size() - 1; k >= 0; k--) deque.addLast(kids.get(k));
            else deque.addAll(kids);
        }
        return root.path(); // stuck: stay where we started
    }

    static List<String> hill(Node node) {
        while (true) {
            expanded.add(node.number);
            if (node.number.equals(goal)) return node.path();
            List<Node> kids = children(node);
            if (kids.isEmpty()) return null;
            Node best = kids.get(0);
            for (Node child : kids) if (h(child.number) <= h(best.number)) best = child;
            if (h(best.number) >= h(node.number)) return null;
            node = best;
        }
    }

    static String pad(String s) {
        return String.format("%3s", s).replace(' ', '0');
    }

    public static void main(String[] args) throws Exception {
        char letter = Character.toUpperCase(args[0].charAt(0));
        String text = new String(Files.readAllBytes(Paths.get(args[1])), StandardCharsets.UTF_8).replace("\uFEFF", "");
        List<String> lines = new ArrayList<>();
        for (String line : text.split("\\r?\\n|\\r")) if (!line.trim().isEmpty()) lines.add(line.trim());
        String start = pad(lines.get(0));
        goal = pad(lines.get(1));
        if (lines.size() > 2) for (String t : lines.get(2).split(",")) if (!t.trim().isEmpty()) forbidden.add(pad(t.trim()));
        if (start.equals(goal)) { // already there: no moves to print
            System.out.println();
            System.out.println(start);
            return;
        }
        List<String> path = search(letter, start);
        System.out.println(path == null ? "No solution found." : String.join(",", path));
        System.out.println(String.join(",", expanded));
    }
}
